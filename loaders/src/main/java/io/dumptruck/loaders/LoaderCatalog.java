package io.dumptruck.loaders;

import io.dumptruck.formats.ConfKey;
import io.dumptruck.formats.PublicApi;
import io.dumptruck.loaders.events.EventLoader;
import io.dumptruck.loaders.geo.GeoLoader;
import io.dumptruck.loaders.graph.GraphLoader;
import io.dumptruck.loaders.ipblocks.IpBlockLoader;
import io.dumptruck.loaders.jsonspec.SpecLoader;
import io.dumptruck.loaders.ledger.BatchId;
import io.dumptruck.loaders.ledger.Ledger;
import io.dumptruck.loaders.live.LiveConf;
import io.dumptruck.loaders.titles.TitleLoader;
import io.dumptruck.loaders.weblogs.WebLogLoader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every loader, by its command-line name. */
@PublicApi
public final class LoaderCatalog {
    private static final Map<String, Loader> LOADERS = new LinkedHashMap<>();

    static {
        for (Loader l : new Loader[] {
            new GraphLoader(),
            new WebLogLoader(),
            new EventLoader(),
            new TitleLoader(),
            new IpBlockLoader(),
            new GeoLoader(),
            new SpecLoader()
        }) {
            LOADERS.put(l.name(), l);
        }
    }

    private LoaderCatalog() {}

    public static Map<String, Loader> all() {
        return LOADERS;
    }

    /**
     * Every loader's questions by name, in the loaders' order; the name of the loader that declares each is
     * {@link #loaderOf}.
     */
    public static Map<String, Question> questions() {
        return QUESTIONS;
    }

    /** The loader that declares {@code question}. */
    public static Loader loaderOf(Question question) {
        return LOADERS.values().stream()
                .filter(l -> l.questions().contains(question))
                .findFirst()
                .orElseThrow();
    }

    private static final Map<String, Question> QUESTIONS = new LinkedHashMap<>();

    static {
        for (Loader l : LOADERS.values()) {
            for (Question q : l.questions()) {
                if (QUESTIONS.put(q.name(), q) != null) {
                    throw new IllegalStateException("two loaders declare the question " + q.name());
                }
            }
        }
    }

    /** The configuration keys of every load: those every loader reads, a live load's, and each loader's own. */
    public static List<ConfKey> confKeys() {
        List<ConfKey> keys = new ArrayList<>(LoaderConf.ALL);
        keys.addAll(LiveConf.ALL);
        keys.addAll(List.of(BatchId.BATCH, BatchId.AGAIN, Ledger.TABLE, Ledger.UNDO_BATCHES));
        LOADERS.values().forEach(l -> keys.addAll(l.confKeys()));
        return keys;
    }
}
