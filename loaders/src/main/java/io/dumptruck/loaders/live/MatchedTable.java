package io.dumptruck.loaders.live;

import io.dumptruck.formats.job.LiveTables;
import java.util.List;

/**
 * A table of the load matched to a live one: what the summary and the report say of it.
 *
 * @param live the live table, {@code namespace:name}
 * @param overrides per family whose settings the live table changed: {@code family: setting a → b, …}
 */
public record MatchedTable(String table, String live, int regions, List<String> overrides) {
    public MatchedTable {
        overrides = List.copyOf(overrides);
    }

    public static MatchedTable of(LiveTables.Match m) {
        return new MatchedTable(
                m.spec().name(), m.name().getNameWithNamespaceInclAsString(), m.regions(), m.overrides());
    }

    /** One line of the summary: {@code follows ← live:follows: 12 region(s); f: compression NONE → GZ, …}. */
    public String describe() {
        return table + " ← " + live + ": " + regions + " region(s)"
                + (overrides.isEmpty() ? ", the load's family settings" : "; " + String.join("; ", overrides));
    }
}
