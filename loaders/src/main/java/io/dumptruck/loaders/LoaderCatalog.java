package io.dumptruck.loaders;

import io.dumptruck.loaders.graph.GraphLoader;
import java.util.LinkedHashMap;
import java.util.Map;

/** Every loader, by its command-line name. */
public final class LoaderCatalog {
  private static final Map<String, Loader> LOADERS = new LinkedHashMap<>();

  static {
    for (Loader l : new Loader[] {new GraphLoader(), new io.dumptruck.loaders.weblogs.WebLogLoader(),
        new io.dumptruck.loaders.events.EventLoader(), new io.dumptruck.loaders.titles.TitleLoader(),
        new io.dumptruck.loaders.ipblocks.IpBlockLoader(), new io.dumptruck.loaders.geo.GeoLoader(),
        new io.dumptruck.loaders.spec.SpecLoader()}) {
      LOADERS.put(l.name(), l);
    }
  }

  private LoaderCatalog() {}

  public static Map<String, Loader> all() {
    return LOADERS;
  }
}
