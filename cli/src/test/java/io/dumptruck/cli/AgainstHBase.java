package io.dumptruck.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.HBaseTestingUtility;

/** The command line as a user runs it against an HBase mini cluster: its ZooKeeper and root directory given. */
final class AgainstHBase {
    private AgainstHBase() {}

    /** What a command printed and returned. */
    record Run(int code, String out, String err) {}

    /**
     * {@code dumptruck <command> <args>} against {@code hbase} (its ZooKeeper and root directory set after the
     * command).
     */
    static Run dumptruck(HBaseTestingUtility hbase, String command, String... args) {
        List<String> all = new ArrayList<>(List.of(
                command,
                "-D",
                "hbase.zookeeper.quorum=127.0.0.1",
                "-D",
                "hbase.zookeeper.property.clientPort=" + hbase.getZkCluster().getClientPort(),
                "-D",
                "hbase.rootdir=" + rootDir(hbase)));
        all.addAll(Arrays.asList(args));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            int code = Main.run(all.toArray(new String[0]), o, e);
            return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        }
    }

    static String rootDir(HBaseTestingUtility hbase) {
        try {
            return hbase.getDefaultRootDirPath().toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
