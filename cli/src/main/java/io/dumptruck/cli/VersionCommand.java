package io.dumptruck.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.Set;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.io.hfile.HFile;

/**
 * {@code dumptruck version}: this jar's version, the Hadoop and HBase it runs with (and was built with: under
 * {@code hadoop jar} Hadoop is the cluster's), the HFile format version it writes and the snapshot manifests it reads —
 * what to give when asking whether a cluster can take its output.
 */
final class VersionCommand extends Command {
    /** The versions the build wrote into the jar ({@code version.properties}, filtered by Maven). */
    static Properties built() {
        Properties p = new Properties();
        try (InputStream in = VersionCommand.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    @Override
    public String summary() {
        return "print the versions of dumptruck, Hadoop and HBase, and the HFile format it writes";
    }

    @Override
    public String usage() {
        return "dumptruck version [--json]\n"
                + "  dumptruck's version; the Hadoop and HBase it runs with and was built with; the HFile format version\n"
                + "  it writes (hfile.format.version) and the snapshot manifest versions it reads; the Java running it\n"
                + "  --json   the same as one JSON object";
    }

    @Override
    public int run(String[] argv) throws Exception {
        Args args = new Args(argv, Set.of(), Set.of("json"));
        if (!args.positional().isEmpty()) {
            throw new UsageException("takes no arguments, only --json");
        }
        Properties built = built();
        String dumptruck = built.getProperty("dumptruck.version", "unknown (not built by Maven)");
        String hadoop = org.apache.hadoop.util.VersionInfo.getVersion();
        String hbase = org.apache.hadoop.hbase.util.VersionInfo.getVersion();
        int hfileFormat = HFile.getFormatVersion(HBaseConfiguration.create(getConf()));
        String java = System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")";
        if (args.flag("json")) {
            ObjectNode o = new ObjectMapper().createObjectNode();
            o.put("dumptruck", dumptruck);
            o.put("hadoop", hadoop);
            o.put("hadoopBuiltWith", built.getProperty("hadoop.version"));
            o.put("hbase", hbase);
            o.put("hbaseBuiltWith", built.getProperty("hbase.version"));
            o.put("hfileFormatVersion", hfileFormat);
            o.putArray("snapshotManifestVersions").add(1).add(2);
            o.put("java", System.getProperty("java.version"));
            out.println(o);
            return 0;
        }
        out.println("dumptruck " + dumptruck);
        out.println("  Hadoop    " + hadoop + " (built with " + built.getProperty("hadoop.version") + ")");
        out.println("  HBase     " + hbase + " (built with " + built.getProperty("hbase.version") + ")");
        out.println("  writes    HFile format version " + hfileFormat
                + " (hfile.format.version; every HBase 2.x reads it)");
        out.println("  reads     snapshot manifests v1 and v2, and table directories, as HBase " + hbase + " does");
        out.println("  Java      " + java);
        return 0;
    }
}
