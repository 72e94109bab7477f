package io.dumptruck.cli;

import io.dumptruck.formats.read.NotATableException;
import io.dumptruck.formats.read.SnapshotDirs;
import io.dumptruck.formats.read.TableReader;
import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Where a table argument points: a directory as given (a load's table, an HBase snapshot
 * {@code <root>/.hbase-snapshot/<name>} or table directory {@code <root>/data/<namespace>/<table>}), or
 * {@code snapshot:NAME} for the snapshot NAME under the HBase root directory of the configuration
 * ({@code hbase.rootdir} of hbase-site.xml, or {@code -D hbase.rootdir=…}).
 */
final class TableLocation {
    static final String SNAPSHOT_PREFIX = "snapshot:";

    private TableLocation() {}

    static Path of(Configuration conf, String given) {
        if (!given.startsWith(SNAPSHOT_PREFIX)) {
            return new Path(given);
        }
        String name = given.substring(SNAPSHOT_PREFIX.length());
        try {
            return SnapshotDirs.existing(conf, name);
        } catch (IllegalArgumentException e) {
            throw new UsageException(given + ": " + e.getMessage() + " (or give the snapshot's directory)", e);
        }
    }

    /**
     * The {@code --table T=LOCATION} pairs (each a {@link #of location}), by table name; a location that holds another
     * table than T (a snapshot of the wrong table, say) is refused, naming the table it holds.
     */
    static Map<String, Path> located(Configuration conf, List<String> pairs) {
        Map<String, Path> located = new LinkedHashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0 || eq == pair.length() - 1) {
                throw new UsageException(
                        "--table takes TABLE=LOCATION (snapshot:NAME or a directory), got '" + pair + "'");
            }
            String table = pair.substring(0, eq);
            Path location = of(conf, pair.substring(eq + 1));
            requireTable(conf, table, location, pair.substring(eq + 1));
            located.put(table, location);
        }
        return located;
    }

    /** Refuses {@code location} unless the table there is {@code table} (its name without the namespace). */
    private static void requireTable(Configuration conf, String table, Path location, String given) {
        String name;
        try (TableReader reader = TableReader.open(conf, location)) {
            name = reader.table().spec().name();
        } catch (NotATableException e) {
            throw new UsageException("--table " + table + "=" + given + ": " + e.getMessage(), e);
        } catch (java.io.IOException e) {
            throw new UsageException("--table " + table + "=" + given + ": cannot read it (" + e.getMessage() + ")", e);
        }
        if (!name.substring(name.indexOf(':') + 1).equals(table)) {
            throw new UsageException("--table " + table + "=" + given + " holds table " + name + ", not " + table
                    + ": give a snapshot or directory of " + table);
        }
    }

    /** Opens the table at {@code location}, saying first on {@code err} what reading a live table directory risks. */
    static TableReader open(Configuration conf, Path location, PrintStream err) throws IOException {
        TableReader reader = TableReader.open(conf, location);
        if (reader.table().warning() != null) {
            err.println("dumptruck: warning: " + reader.table().warning());
        }
        return reader;
    }
}
