package io.dumptruck.formats.runtime;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.nativeio.NativeIO;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.security.SecurityUtil;
import org.apache.hadoop.security.UserGroupInformation.AuthenticationMethod;

/**
 * Defaults for a job that runs in Hadoop's local mode (no cluster: a laptop, a test), where Hadoop's own defaults are
 * sized for a cluster's task containers — one map and one reduce task at a time and a 100 MB sort buffer whatever the
 * heap. Here every task shares this JVM, so:
 *
 * <ul>
 *   <li>map and reduce tasks run {@code cores} at a time;
 *   <li>each concurrent map task gets an equal share of a quarter of the heap as its sort buffer (between 100 and 512
 *       MB), so that a split's map output sorts in one spill more often;
 *   <li>a map starts spilling when its sort buffer is 90% full, not at Hadoop's 80%: the spill would run beside the map
 *       on a core another task already keeps busy, and a map output that overshoots the mark costs a second spill and a
 *       merge that rewrites the whole output. Not 100%: Hadoop's buffer then garbles its record metadata (a 1 MB buffer
 *       shows it);
 *   <li>concurrent reducers split the heap Hadoop lets one reducer use for the shuffle, and each keeps up to half its
 *       share of map outputs in memory for the reduce instead of writing them all to disk first (Hadoop: none kept) —
 *       less than the shuffle itself may hold.
 * </ul>
 *
 * A key the user set (in a {@code *-site.xml}, with {@code -D}, or in code) is left alone; on YARN
 * ({@code mapreduce.framework.name=yarn}) nothing changes. Jobs get these through {@link JobDefaults}.
 */
public final class LocalMode {
    static final String MAPS = "mapreduce.local.map.tasks.maximum";
    static final String REDUCES = "mapreduce.local.reduce.tasks.maximum";
    static final String SORT_MB = "mapreduce.task.io.sort.mb";
    static final String SHUFFLE_BUFFER = "mapreduce.reduce.shuffle.input.buffer.percent";
    static final String REDUCE_INPUT_BUFFER = "mapreduce.reduce.input.buffer.percent";
    static final String SPILL_PERCENT = "mapreduce.map.sort.spill.percent";
    /** How full a map's sort buffer gets before it spills (see above; Hadoop: 0.8). */
    static final String SPILL_AT = "0.9";

    private static final int MIN_SORT_MB = 100;
    private static final int MAX_SORT_MB = 512;
    /** Hadoop's default share of the heap one reducer may buffer map outputs in. */
    private static final float SHUFFLE_SHARE = 0.70f;

    private LocalMode() {}

    public static boolean isLocal(Configuration conf) {
        return MRConfig.LOCAL_FRAMEWORK_NAME.equals(conf.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME));
    }

    /**
     * Refuses to run a local job against a Kerberized cluster ({@code hadoop.security.authentication=kerberos}) in a
     * JVM without Hadoop's native library: on a secure cluster Hadoop's shuffle opens every map output through
     * {@code SecureIOUtils}, which checks the file's owner with native calls, so the job would fail after its maps.
     * Jobs on YARN run where the cluster's nodes have the library.
     *
     * @throws IllegalArgumentException naming the two ways out
     */
    public static void requireShuffleOnSecureCluster(Configuration conf) {
        if (isLocal(conf)
                && SecurityUtil.getAuthenticationMethod(conf) == AuthenticationMethod.KERBEROS
                && !NativeIO.isAvailable()) {
            throw new IllegalArgumentException("a local job on a Kerberized cluster needs Hadoop's native library "
                    + "(libhadoop) for its shuffle, and this JVM has none: run the job on YARN "
                    + "(mapreduce.framework.name=yarn, hadoop jar on an edge node), or give the JVM the library "
                    + "(JAVA_OPTS=-Djava.library.path=$HADOOP_HOME/lib/native)");
        }
    }

    /** Applies the defaults above to a local-mode job's configuration, for this machine and heap. */
    public static void tune(Configuration conf) {
        tune(
                conf,
                Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory());
    }

    /** A map task's sort buffer for {@code heapBytes} of heap of its own: a quarter of it, 100 to 512 MB. */
    static long sortBufferMb(long heapBytes) {
        return Math.max(MIN_SORT_MB, Math.min(MAX_SORT_MB, heapBytes / 4 >> 20));
    }

    static void tune(Configuration conf, int cores, long maxHeapBytes) {
        if (!isLocal(conf)) {
            return;
        }
        int parallel = Math.max(1, cores);
        UserSettings.setUnlessUserSet(conf, MAPS, Integer.toString(parallel));
        UserSettings.setUnlessUserSet(conf, REDUCES, Integer.toString(parallel));
        int maps = conf.getInt(MAPS, 1);
        UserSettings.setUnlessUserSet(conf, SORT_MB, Long.toString(sortBufferMb(maxHeapBytes / Math.max(1, maps))));
        UserSettings.setUnlessUserSet(conf, SPILL_PERCENT, SPILL_AT);
        int reduces = Math.max(1, conf.getInt(REDUCES, 1));
        UserSettings.setUnlessUserSet(conf, SHUFFLE_BUFFER, Float.toString(SHUFFLE_SHARE / reduces));
        UserSettings.setUnlessUserSet(conf, REDUCE_INPUT_BUFFER, reduceInputShare(reduces));
    }

    /**
     * The share of the heap each of {@code reducers} reducers in one JVM keeps of its fetched map output for the reduce
     * ({@link #REDUCE_INPUT_BUFFER}): half of what its shuffle may hold.
     */
    static String reduceInputShare(int reducers) {
        return Float.toString(SHUFFLE_SHARE / reducers / 2);
    }
}
