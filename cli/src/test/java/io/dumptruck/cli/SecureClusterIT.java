package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.cli.ClusterIT.Run;
import io.dumptruck.formats.read.HFileTableInputFormat;
import io.dumptruck.loaders.LoadJob;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.LoaderCatalog;
import io.dumptruck.loaders.PreparedLoad;
import io.dumptruck.loaders.ledger.BatchId;
import io.dumptruck.loaders.live.LiveMatch;
import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.CommonFSUtils;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * dumptruck on a Kerberized cluster: a MiniKdc, HDFS and HBase that take only Kerberos (their services as
 * {@code hbase/localhost}), and the distribution jar run as {@code hadoop jar} runs it — a JVM of its own with the
 * cluster's *-site.xml on its class path — as the user {@code alice}, logged in from her keytab the way HBase's tools
 * log in ({@code hbase.client.keytab.principal}, {@code hbase.client.keytab.file}). She loads into the live tables
 * ({@code load --live}, then {@code bulkload}: HBase's secure bulk load, through its staging directory), folds a second
 * day into the counters (the load reads a snapshot of them under hbase.rootdir), and runs a job over a snapshot. The
 * jobs run in local mode, where tasks share the client's login; that a YARN task could read what they read is checked
 * where it is decided: the jobs that read under hbase.rootdir carry a delegation token for its file system. YARN itself
 * is not Kerberized here (a secure NodeManager needs the setuid container executor, root to install).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SecureClusterIT {
    @TempDir
    static File tmp;

    /**
     * RunJar unpacks the jar's 50,000-odd entries for every command unless told not to; nothing here needs them
     * unpacked (ClusterIT runs the jar the default way).
     */
    static final Map<String, String> SKIP_UNJAR = Map.of("HADOOP_CLIENT_SKIP_UNJAR", "true");

    static MiniKdc kdc;
    static HBaseTestingUtility hbase;
    static File confDir;
    static File aliceKeytab;
    static String alice;

    @BeforeAll
    static void kerberizedHdfsAndHBase() throws Exception {
        kdc = new MiniKdc(MiniKdc.createConf(), new File(tmp, "kdc"));
        kdc.start();
        File services = new File(tmp, "services.keytab");
        kdc.createPrincipal(services, "hbase/localhost", "HTTP/localhost");
        aliceKeytab = new File(tmp, "alice.keytab");
        kdc.createPrincipal(aliceKeytab, "alice");
        String service = "hbase/localhost@" + kdc.getRealm();
        alice = "alice@" + kdc.getRealm();

        hbase = new HBaseTestingUtility();
        Configuration conf = hbase.getConfiguration();
        conf.set("hadoop.security.authentication", "kerberos");
        conf.set("hbase.security.authentication", "kerberos");
        for (String role : List.of("dfs.namenode", "dfs.datanode", "hbase.master", "hbase.regionserver")) {
            conf.set(role + ".kerberos.principal", service);
            conf.set(role + ".keytab.file", services.getPath());
        }
        conf.set("yarn.resourcemanager.principal", service); // the renewer of the jobs' delegation tokens
        conf.set("dfs.web.authentication.kerberos.principal", "HTTP/localhost@" + kdc.getRealm());
        conf.set("dfs.web.authentication.kerberos.keytab", services.getPath());
        conf.setBoolean("dfs.block.access.token.enable", true);
        conf.setBoolean("ignore.secure.ports.for.testing", true); // a DataNode on unprivileged ports, no SASL
        conf.setInt("hbase.master.info.port", -1);
        conf.setInt("hbase.regionserver.info.port", -1);
        UserGroupInformation.setConfiguration(conf);
        UserGroupInformation.loginUserFromKeytab(service, services.getPath());
        hbase.startMiniCluster(1);

        // what an administrator gives alice: a home, /tmp (local jobs stage there), and read access under
        // hbase.rootdir, where snapshots and tables are read from
        FileSystem fs = FileSystem.get(conf);
        fs.mkdirs(new Path("/tmp"));
        fs.setPermission(new Path("/tmp"), new FsPermission((short) 01777));
        fs.mkdirs(new Path("/user/alice"));
        fs.setOwner(new Path("/user/alice"), "alice", "alice");
        for (Path p = CommonFSUtils.getRootDir(conf); p != null; p = p.getParent()) {
            fs.setPermission(p, new FsPermission((short) 0755));
        }
        letAliceReadUnderTheRoot();

        confDir = new File(tmp, "conf");
        confDir.mkdirs();
        for (String site : List.of("core-site.xml", "hdfs-site.xml", "hbase-site.xml")) {
            try (OutputStream out = new FileOutputStream(new File(confDir, site))) {
                conf.writeXml(out);
            }
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (hbase != null) {
            hbase.shutdownMiniCluster();
        }
        if (kdc != null) {
            kdc.stop();
        }
    }

    /** {@code hadoop jar dumptruck.jar ARGS} as alice: her keytab, or no login at all. */
    static Run asAlice(boolean keytab, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of(args));
        if (keytab) {
            all.addAll(
                    1,
                    List.of(
                            "-D",
                            "hbase.client.keytab.principal=" + alice,
                            "-D",
                            "hbase.client.keytab.file=" + aliceKeytab));
        }
        return ClusterIT.runJar(
                List.of("-Djava.security.krb5.conf=" + kdc.getKrb5conf().getAbsolutePath()),
                SKIP_UNJAR,
                ClusterIT.hadoopClientClassPath(confDir),
                File.createTempFile("alice-", ".log", tmp),
                all.toArray(new String[0]));
    }

    @Test
    @Order(1)
    void withoutATicketOrAKeytabTheCommandSaysWhatToGive() throws Exception {
        Run run = asAlice(false, "ledger");
        assertEquals(2, run.code(), run.out());
        assertTrue(
                run.out().contains("has no ticket: run kinit first, or give -D hbase.client.keytab.principal"),
                run.out());
    }

    /**
     * A load made anywhere (here: a laptop's local mode, no cluster), copied to alice's HDFS home, bulk-loaded by her
     * through HBase's secure bulk load (its staging directory, her delegation token for the files); then the ledger
     * read, and a snapshot of a table read, over Kerberos.
     */
    @Test
    @Order(2)
    void loadsBulkLoadThroughTheSecureBulkLoadAndSnapshotsRead() throws Exception {
        for (String[] load : new String[][] {{"graph", "graph"}, {"weblogs", "weblogs"}}) {
            File local = new File(tmp, "laptop-" + load[0]);
            Run made = ClusterIT.runJar(
                    List.of(),
                    SKIP_UNJAR,
                    ClusterIT.hadoopClientClassPath(emptyConf()),
                    File.createTempFile("laptop-", ".log", tmp),
                    "load",
                    load[0],
                    "--input",
                    new File("../sample-data/" + load[1]).getAbsolutePath(),
                    "--output",
                    local.getAbsolutePath(),
                    "--max-reject-ratio",
                    "0.5");
            assertEquals(0, made.code(), made.out());
            Path home = new Path("/user/alice/" + load[0]);
            aliceUgi().doAs((PrivilegedExceptionAction<Boolean>) () -> FileUtil.copy(
                    FileSystem.getLocal(hbase.getConfiguration()),
                    new Path(local.toURI()),
                    FileSystem.get(hbase.getConfiguration()),
                    home,
                    false,
                    hbase.getConfiguration()));
            Run bulk = asAlice(true, "bulkload", home.toString());
            assertEquals(0, bulk.code(), bulk.out());
        }
        for (String table : List.of("follows", "followed_by")) {
            assertEquals(716, rows(table), table);
        }
        assertTrue(rows("cookie_url_count") > 0);

        hbase.getAdmin().snapshot("follows_secure", TableName.valueOf("follows"));
        letAliceReadUnderTheRoot();
        Run scan = asAlice(true, "scan", "snapshot:follows_secure", "--limit", "1000");
        assertEquals(0, scan.code(), scan.out());
        assertTrue(scan.out().contains("\n716 row(s)"), scan.out());
    }

    /**
     * A job on a Kerberized cluster shuffles through Hadoop's SecureIOUtils, which needs Hadoop's native library; this
     * JVM has none (it is not in Maven), so a local job is refused before it starts — nothing written, no snapshot
     * taken — saying how to run it. On YARN the cluster's nodes carry the library.
     */
    @Test
    @Order(3)
    void aLocalJobWithoutHadoopsNativeLibraryIsRefusedBeforeItStarts() throws Exception {
        int snapshots = hbase.getAdmin().listSnapshots().size();
        Run load = asAlice(
                true,
                "load",
                "graph",
                "--input",
                new File("../sample-data/graph").toURI().toString(), // local: the default file system is HDFS
                "--output",
                "/user/alice/graph-live",
                "--live");
        assertEquals(2, load.code(), load.out());
        assertTrue(load.out().contains("needs Hadoop's native library (libhadoop) for its shuffle"), load.out());
        assertFalse(FileSystem.get(hbase.getConfiguration()).exists(new Path("/user/alice/graph-live")));
        assertEquals(snapshots, hbase.getAdmin().listSnapshots().size(), "no snapshot taken");
    }

    /**
     * What a task on a secure YARN cluster, which has no Kerberos login, reads hbase.rootdir with: a folding load set
     * up by alice (over Kerberos: the live tables matched, a snapshot of the counters taken) and a job reading a
     * snapshot carry a delegation token for the HDFS under hbase.rootdir — with their inputs and outputs local, so the
     * token is there for the snapshot alone.
     */
    @Test
    @Order(4)
    void jobsReadingUnderTheRootDirectoryCarryItsDelegationToken() throws Exception {
        Configuration conf = new Configuration(hbase.getConfiguration());
        conf.set("fs.defaultFS", "file:///");
        conf.set(BatchId.BATCH.key(), "day-2");
        LoadOptions folding = new LoadOptions(
                        List.of(new Path(new File("../sample-data/weblogs").toURI())),
                        new Path(new File(tmp, "folding").toURI()),
                        1,
                        System.currentTimeMillis(),
                        0.5,
                        Map.of())
                .matching(new LiveMatch(null, Map.of()));
        PreparedLoad load = aliceUgi().doAs((PrivilegedExceptionAction<PreparedLoad>)
                () -> LoadJob.prepare(conf, LoaderCatalog.all().get("weblogs"), folding));
        try {
            assertTrue(
                    load.notes().stream().anyMatch(n -> n.startsWith("folded into the live tables")),
                    load.notes().toString());
            assertEquals(List.of("HDFS_DELEGATION_TOKEN"), kinds(load.job()), "the folding load's tokens");
        } finally {
            load.snapshots().delete();
        }

        Path snapshot = new Path(CommonFSUtils.getRootDir(conf), ".hbase-snapshot/follows_secure");
        Job read = aliceUgi().doAs((PrivilegedExceptionAction<Job>) () -> {
            Job job = Job.getInstance(conf);
            HFileTableInputFormat.configure(job).table(snapshot).apply();
            return job;
        });
        assertEquals(List.of("HDFS_DELEGATION_TOKEN"), kinds(read), "a snapshot reader's tokens");
    }

    static List<String> kinds(Job job) {
        List<String> kinds = new ArrayList<>();
        for (Token<?> t : job.getCredentials().getAllTokens()) {
            kinds.add(t.getKind().toString());
        }
        return kinds;
    }

    static UserGroupInformation aliceUgi() throws Exception {
        return UserGroupInformation.loginUserFromKeytabAndReturnUGI(alice, aliceKeytab.getPath());
    }

    /** A Hadoop configuration directory with nothing in it: a laptop's local mode. */
    static File emptyConf() {
        File empty = new File(tmp, "no-conf");
        empty.mkdirs();
        return empty;
    }

    /**
     * What HBase's SnapshotScannerHDFSAclController (or an administrator's HDFS ACLs) would give a user allowed to read
     * the tables: read access to the files under hbase.rootdir, whose directories a secure HBase creates for itself
     * alone (700). Directories made later inherit the default umask, readable.
     */
    static void letAliceReadUnderTheRoot() throws Exception {
        FileSystem fs = FileSystem.get(hbase.getConfiguration());
        List<Path> todo = new ArrayList<>(List.of(CommonFSUtils.getRootDir(hbase.getConfiguration())));
        while (!todo.isEmpty()) {
            Path dir = todo.remove(todo.size() - 1);
            fs.setPermission(dir, new FsPermission((short) 0755));
            for (var child : fs.listStatus(dir)) {
                if (child.isDirectory()) {
                    todo.add(child.getPath());
                } else {
                    fs.setPermission(child.getPath(), new FsPermission((short) 0644));
                }
            }
        }
    }

    static long rows(String table) throws Exception {
        long rows = 0;
        try (Table t = hbase.getConnection().getTable(TableName.valueOf(table));
                ResultScanner s = t.getScanner(new Scan())) {
            for (Result r = s.next(); r != null; r = s.next()) {
                rows++;
            }
        }
        return rows;
    }
}
