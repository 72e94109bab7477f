package io.dumptruck.formats.runtime;

import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.shuffle.PrefixSort;
import java.io.ByteArrayOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.SnappyCodec;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.util.ReflectionUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The defaults every dumptruck job gets before it is submitted. Each one applies only where the user left Hadoop's
 * default: a key set in a {@code *-site.xml}, with {@code -D} or in code wins.
 *
 * <ul>
 *   <li>In local mode, the task and buffer sizing of {@link LocalMode}.
 *   <li>On a cluster, map output compressed with Snappy, which Hadoop 3.3+ runs in the JVM (snappy-java; no native
 *       libhadoop needed): the shuffle's bytes on disk and on the network shrink 1.4–3×. Should Snappy fail to load on
 *       this machine, map output stays uncompressed. In local mode the map output stays in the page cache and never
 *       crosses a network, so compressing it only costs CPU time (5–10% of an edge load, see BENCHMARKS.md): it stays
 *       uncompressed, as Hadoop's default has it.
 *   <li>On a cluster, each map task's sort buffer sized from its heap as in local mode (a quarter, 100 to 512 MB; the
 *       heap from {@code mapreduce.map.java.opts}' {@code -Xmx}, or what Hadoop derives from
 *       {@code mapreduce.map.memory.mb}) instead of Hadoop's 100 MB whatever the heap: a map over a 128 MB block of web
 *       logs then sorts its output in one spill instead of spilling twice and merging (2M lines on YARN: 4.0M records
 *       spilled instead of 5.9M, about a tenth less task CPU, see BENCHMARKS.md).
 *   <li>On a cluster, map tasks read splits of at least 256 MB of a splittable file instead of one HDFS block (128 MB
 *       by default): every task is a JVM that spends a few seconds of CPU starting, loading classes and compiling
 *       before its first record (see "On a cluster" in BENCHMARKS.md). A split then spans two blocks, which may sit on
 *       different DataNodes; YARN places the task beside the larger share. Files smaller than that are one task each,
 *       as before. A user who set either {@code mapreduce.input.fileinputformat.split.minsize} or
 *       {@code .split.maxsize} keeps Hadoop's rule with their value.
 *   <li>On a cluster, as in local mode, a map starts spilling when its sort buffer is 90% full, not at Hadoop's 80%:
 *       the spill would run beside the map on a node whose cores other tasks keep busy, and a map output that
 *       overshoots the mark costs a second spill and a merge that rewrites the whole output (a 256 MB split of web
 *       logs: 156 MB of output and record metadata in a 200 MB buffer).
 *   <li>Everywhere, the map side sorts with {@link PrefixSort}, which sorts keys by their prefixes where the job's
 *       comparator gives them and is Hadoop's QuickSort otherwise.
 * </ul>
 */
@PublicApi
public final class JobDefaults {
    private static final Logger LOG = LoggerFactory.getLogger(JobDefaults.class);
    static final String COMPRESS = MRJobConfig.MAP_OUTPUT_COMPRESS;
    static final String CODEC = MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC;
    /** On a cluster, the fewest bytes of a splittable file one map task reads (see above). */
    static final long CLUSTER_MIN_SPLIT_BYTES = 256L << 20;

    private static volatile Boolean snappyLoads;

    private JobDefaults() {}

    /** Applies the defaults above to a job's configuration. */
    public static void apply(Configuration conf) {
        LocalMode.tune(conf);
        if (LocalMode.isLocal(conf)) {
            JobFailure.captureLocal();
        } else { // local map output crosses no network: Snappy is not even tried
            compressMapOutput(conf, snappyLoads());
            UserSettings.setUnlessUserSet(
                    conf, LocalMode.SORT_MB, Long.toString(LocalMode.sortBufferMb((long) mapHeapMb(conf) << 20)));
            if (!UserSettings.userSet(conf, FileInputFormat.SPLIT_MAXSIZE)) { // a user who caps splits gets them
                UserSettings.setUnlessUserSet(
                        conf, FileInputFormat.SPLIT_MINSIZE, Long.toString(CLUSTER_MIN_SPLIT_BYTES));
            }
            UserSettings.setUnlessUserSet(conf, LocalMode.SPILL_PERCENT, LocalMode.SPILL_AT);
        }
        UserSettings.setUnlessUserSet(conf, MRJobConfig.MAP_SORT_CLASS, PrefixSort.class.getName());
    }

    /**
     * For a job whose reducers hold little of their own (an HFile load's stream cells to the writer): on a cluster, a
     * reducer keeps fetched map output in memory for the reduce, up to half of what its shuffle may fill, as in local
     * mode ({@link LocalMode}), instead of Hadoop's none — every fetched map output written to disk, compressed, then
     * read back and decompressed before the first key. Left to Hadoop for other jobs, whose reducers may need their
     * heap; a value the user set wins.
     */
    public static void keepMapOutputForTheReduce(Configuration conf) {
        if (!LocalMode.isLocal(conf)) {
            UserSettings.setUnlessUserSet(conf, LocalMode.REDUCE_INPUT_BUFFER, LocalMode.reduceInputShare(1));
        }
    }

    /**
     * The heap of a map task's JVM in MB, as YARN will start it: the {@code -Xmx} of its java options, or else
     * {@code mapreduce.map.memory.mb} (default 1024) times {@code mapreduce.job.heap.memory-mb.ratio} (default 0.8), as
     * Hadoop derives it.
     */
    static int mapHeapMb(Configuration conf) {
        int heap = JobConf.parseMaximumHeapSizeMB(
                conf.get(MRJobConfig.MAP_JAVA_OPTS, conf.get(JobConf.MAPRED_TASK_JAVA_OPTS, "")));
        if (heap > 0) {
            return heap;
        }
        int container = conf.getInt(MRJobConfig.MAP_MEMORY_MB, MRJobConfig.DEFAULT_MAP_MEMORY_MB);
        container = container > 0 ? container : MRJobConfig.DEFAULT_MAP_MEMORY_MB;
        return (int) Math.ceil(
                container * conf.getFloat(MRJobConfig.HEAP_MEMORY_MB_RATIO, MRJobConfig.DEFAULT_HEAP_MEMORY_MB_RATIO));
    }

    static void compressMapOutput(Configuration conf, boolean snappy) {
        if (!snappy || UserSettings.userSet(conf, COMPRESS)) {
            return; // the user chose (either way), or nothing to compress with
        }
        UserSettings.setUnlessUserSet(conf, COMPRESS, "true");
        UserSettings.setUnlessUserSet(conf, CODEC, SnappyCodec.class.getName());
    }

    /** Whether Hadoop's Snappy codec compresses in this JVM; tried once. */
    static boolean snappyLoads() {
        Boolean known = snappyLoads;
        if (known == null) {
            known = trySnappy();
            snappyLoads = known;
        }
        return known;
    }

    private static boolean trySnappy() {
        try {
            SnappyCodec codec = ReflectionUtils.newInstance(SnappyCodec.class, new Configuration(false));
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (CompressionOutputStream out = codec.createOutputStream(bytes)) {
                out.write(new byte[1024]);
            }
            return bytes.size() > 0;
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) { // snappy-java's own SnappyError is an Error; a missing native part a LinkageError
            LOG.warn("Snappy does not load here ({}); map output stays uncompressed", e.toString());
            return false;
        }
    }
}
