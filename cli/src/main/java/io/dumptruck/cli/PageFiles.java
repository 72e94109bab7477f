package io.dumptruck.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The files of {@link MapServer}'s map page, all from the class path, nothing fetched from elsewhere: the page itself,
 * Leaflet (org.webjars.npm:leaflet) and the base map under the regions — Natural Earth's 1:110m land and land borders,
 * the one {@code tile-density} draws too (the jobs module's {@code world-110m.geojson}, public domain).
 */
final class PageFiles {
    /** Where the bundled Leaflet's files are: the org.webjars.npm:leaflet of the build, whatever its version. */
    private static final String LEAFLET_DIR = "META-INF/resources/webjars/leaflet/" + leafletVersion() + "/dist/";

    /** The jobs module's built-in base map (io.dumptruck.jobs.tiles.Basemap), served as it is. */
    static final String WORLD = "io/dumptruck/jobs/tiles/world-110m.geojson";

    /** The parameters the page reads itself ({@code ?lat=38.7&lon=-9.1&z=6&prefix=san}); the other files take none. */
    static final List<String> PAGE_PARAMETERS = List.of("lat", "lon", "z", "prefix", "ip", "user");

    /**
     * A file: its class path resource, content type and parameters; {@code cacheable}, kept by browsers for an hour
     * (the library and the base map do not change while the server runs; the page is sent anew).
     */
    record PageFile(String resource, String type, List<String> parameters, boolean cacheable) {
        byte[] bytes() throws IOException {
            return PageFiles.resource(resource);
        }
    }

    private static final PageFile PAGE =
            new PageFile("io/dumptruck/cli/map.html", "text/html; charset=utf-8", PAGE_PARAMETERS, false);

    private static final Map<String, PageFile> FILES = Map.of(
            "/", PAGE,
            "/index.html", PAGE,
            "/lib/leaflet.js",
                    new PageFile(LEAFLET_DIR + "leaflet.js", "text/javascript; charset=utf-8", List.of(), true),
            "/lib/leaflet.css", new PageFile(LEAFLET_DIR + "leaflet.css", "text/css; charset=utf-8", List.of(), true),
            "/lib/world.json", new PageFile(WORLD, "application/geo+json; charset=utf-8", List.of(), true));

    private PageFiles() {}

    /** The file served at {@code path} (the raw path, as asked), or null. */
    static PageFile at(String path) {
        return FILES.get(path);
    }

    static byte[] resource(String name) throws IOException {
        try (InputStream in = PageFiles.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the jar lacks " + name);
            }
            return in.readAllBytes();
        }
    }

    private static String leafletVersion() {
        Properties p = new Properties();
        try (InputStream in = PageFiles.class
                .getClassLoader()
                .getResourceAsStream("META-INF/maven/org.webjars.npm/leaflet/pom.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // no version: the page's script is then refused as missing, naming the file
        }
        return p.getProperty("version", "unknown");
    }
}
