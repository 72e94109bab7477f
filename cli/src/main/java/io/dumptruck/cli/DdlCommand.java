package io.dumptruck.cli;

import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import io.dumptruck.loaders.ledger.BulkLoad;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HConstants;

/**
 * {@code dumptruck ddl DIR}: for every table of a load output, the HBase shell {@code create} statement with its
 * families' settings and the split points the load used — create the tables this way before {@code hbase
 * completebulkload}, and every HFile lands in exactly one region.
 */
final class DdlCommand extends Command {
    @Override
    public String summary() {
        return "print the HBase shell create statements (families, splits) for the tables of a load output";
    }

    @Override
    public String usage() {
        return "dumptruck ddl <load-output-dir | table-dir>\n"
                + "  pipe it into the shell: dumptruck ddl out/graph | hbase shell -n";
    }

    @Override
    public int run(String[] argv) throws Exception {
        Args args = new Args(argv, Set.of(), Set.of());
        Path dir = new Path(args.positional(0, "<load-output-dir>"));
        args.expectPositionals(1);
        FileSystem fs = dir.getFileSystem(getConf());
        List<Path> specs = new ArrayList<>();
        try {
            BulkLoad.tableDirs(getConf(), dir).forEach(t -> specs.add(new Path(t, TableSpecJson.FILE_NAME)));
            String batch = BulkLoad.foldedBatch(getConf(), dir);
            if (batch != null) {
                err.println("note: " + dir + " folds batch " + batch + " into live tables: bulk-load it with "
                        + "'dumptruck bulkload " + dir + "', which commits the batch into the ledger; hbase "
                        + "completebulkload would load it unrecorded, and a rerun or an overlapping load would then "
                        + "count it twice");
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        List<String> statements =
                new ArrayList<>(); // all or none: piped into the shell, a damaged spec creates no table
        for (Path spec : specs) {
            statements.add(create(TableSpecJson.read(fs, spec)));
        }
        statements.forEach(out::println);
        return 0;
    }

    /** The shell statement; keys in Ruby double-quoted strings with {@code \xNN} escapes. */
    static String create(TableSpec t) {
        StringBuilder b = new StringBuilder("create '").append(t.name()).append("'");
        for (FamilySpec f : t.families()) {
            b.append(", {NAME => '")
                    .append(f.name())
                    .append("', VERSIONS => ")
                    .append(f.maxVersions())
                    .append(", BLOOMFILTER => '")
                    .append(f.bloom().name())
                    .append("', COMPRESSION => '")
                    .append(f.compression().name())
                    .append("', BLOCKSIZE => '")
                    .append(f.blockSize())
                    .append("', DATA_BLOCK_ENCODING => '")
                    .append(f.encoding().name())
                    .append("'");
            if (f.ttlSeconds() != HConstants.FOREVER) {
                b.append(", TTL => ").append(f.ttlSeconds());
            }
            if (f.inMemory()) {
                b.append(", IN_MEMORY => 'true'");
            }
            b.append("}");
        }
        List<byte[]> points = t.regions().splitPoints();
        if (!points.isEmpty() || t.splitPolicy() != null) {
            b.append(", {");
            if (!points.isEmpty()) {
                b.append("SPLITS => [");
                for (int i = 0; i < points.size(); i++) {
                    b.append(i == 0 ? "" : ", ").append(rubyString(points.get(i)));
                }
                b.append("]");
            }
            if (t.splitPolicy() != null) {
                b.append(points.isEmpty() ? "" : ", ")
                        .append("METADATA => {'SPLIT_POLICY' => '")
                        .append(t.splitPolicy())
                        .append("'}");
            }
            b.append("}");
        }
        return b.toString();
    }

    static String rubyString(byte[] key) {
        StringBuilder s = new StringBuilder("\"");
        for (byte x : key) {
            int c = x & 0xFF;
            if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\' && c != '#') {
                s.append((char) c);
            } else {
                s.append(String.format("\\x%02X", c));
            }
        }
        return s.append('"').toString();
    }
}
