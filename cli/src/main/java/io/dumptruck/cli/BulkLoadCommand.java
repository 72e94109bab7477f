package io.dumptruck.cli;

import io.dumptruck.formats.read.TableDir;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;

/**
 * {@code dumptruck bulkload DIR}: for every table of a load output, creates the HBase table if it is missing (families
 * and split points from the table's {@code _spec.json}, as {@code ddl} prints them) and runs HBase's own bulk load
 * ({@code BulkLoadHFiles}, the code of {@code hbase completebulkload}). The cluster comes from {@code hbase-site.xml}
 * on the classpath or {@code -D hbase.zookeeper.quorum=…}.
 */
final class BulkLoadCommand extends Command {
    /** Written into a table directory once it is bulk-loaded: the HBase table it went into. */
    static final String LOADED_MARK = "_BULKLOADED";
    /** Where HBase's bulk load writes the halves of an HFile it splits, inside the family directory. */
    private static final String SPLIT_DIR = ".tmp";

    @Override
    public String summary() {
        return "create missing tables with the load's splits and bulk-load a load output into HBase";
    }

    @Override
    public String usage() {
        return "dumptruck bulkload [-D hbase.zookeeper.quorum=HOSTS] <load-output-dir | table-dir> [--namespace NS]\n"
                + "  --namespace NS   create (if missing) and load the tables in this namespace (default: default)";
    }

    @Override
    public int run(String[] argv) throws Exception {
        Args args = new Args(argv, Set.of("namespace"), Set.of());
        Path dir = new Path(args.positional(0, "<load-output-dir>"));
        args.expectPositionals(1);
        Configuration conf = HBaseConfiguration.create(getConf());
        List<Path> tables = tables(conf, dir);
        try (Connection connection = ConnectionFactory.createConnection(conf);
                Admin admin = connection.getAdmin()) {
            for (Path tableDir : tables) {
                TableDir table = TableDir.open(conf, tableDir);
                TableSpec spec = table.spec();
                TableName name = args.has("namespace")
                        ? TableName.valueOf(args.get("namespace"), spec.name())
                        : TableName.valueOf(spec.name());
                if (args.has("namespace")
                        && Arrays.stream(admin.listNamespaces()).noneMatch(args.get("namespace")::equals)) {
                    admin.createNamespace(
                            NamespaceDescriptor.create(args.get("namespace")).build());
                }
                if (!admin.tableExists(name)) {
                    TableDescriptor descriptor = TableDescriptorBuilder.copy(name, spec.toDescriptor());
                    byte[][] splits = spec.regions().splitPoints().toArray(new byte[0][]);
                    if (splits.length == 0) {
                        admin.createTable(descriptor);
                    } else {
                        admin.createTable(descriptor, splits);
                    }
                    out.println("created " + name + " with " + (splits.length + 1) + " region(s)");
                }
                load(conf, table, name);
            }
        }
        return 0;
    }

    /**
     * Bulk-loads one table directory and says what happened: the HFiles loaded as written and those HBase had to split
     * because they span a region (none when the load was matched to the live table and the table has not split since).
     * A directory already loaded into this table says so and loads nothing again ({@value #LOADED_MARK} names the table
     * it went into).
     */
    private void load(Configuration conf, TableDir table, TableName name) throws IOException {
        Path tableDir = table.path();
        FileSystem fs = table.fileSystem();
        Path mark = new Path(tableDir, LOADED_MARK);
        if (fs.exists(mark)) {
            String into;
            try (var in = fs.open(mark)) {
                into = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            }
            if (into.equals(name.getNameAsString())) {
                out.println(tableDir + " was already bulk-loaded into " + name + "; nothing to do");
                return;
            }
        }
        int written = table.families().stream()
                .mapToInt(family -> table.files(family).size())
                .sum();
        Map<BulkLoadHFiles.LoadQueueItem, ?> loaded =
                BulkLoadHFiles.create(conf).bulkLoad(name, tableDir);
        long asWritten = loaded.keySet().stream()
                .filter(item -> !item.getFilePath().getParent().getName().equals(SPLIT_DIR))
                .count();
        try (var markOut = fs.create(mark, true)) {
            markOut.write(name.getNameAsString().getBytes(StandardCharsets.UTF_8));
        }
        out.println("loaded " + tableDir + " into " + name + ": " + written + " HFile(s), " + (written - asWritten)
                + " of them split by HBase to fit its regions");
    }

    /** The table directories: {@code dir} itself when it is one, else its sub-directories that are. */
    static List<Path> tables(Configuration conf, Path dir) throws IOException {
        FileSystem fs = dir.getFileSystem(conf);
        if (!fs.exists(dir)) {
            throw new UsageException("no directory " + dir);
        }
        if (fs.exists(new Path(dir, TableSpecJson.FILE_NAME))) {
            return List.of(dir);
        }
        List<Path> out = new ArrayList<>();
        FileStatus[] children = fs.listStatus(dir);
        Arrays.sort(children);
        for (FileStatus child : children) {
            if (child.isDirectory() && fs.exists(new Path(child.getPath(), TableSpecJson.FILE_NAME))) {
                out.add(child.getPath());
            }
        }
        if (out.isEmpty()) {
            throw new UsageException(
                    dir + " holds no table (no " + TableSpecJson.FILE_NAME + "); give a load's output directory");
        }
        return out;
    }
}
