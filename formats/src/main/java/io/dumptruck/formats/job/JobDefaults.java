package io.dumptruck.formats.job;

import io.dumptruck.formats.map.PrefixSort;
import java.io.ByteArrayOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.SnappyCodec;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.util.ReflectionUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The defaults every dumptruck job gets before it is submitted. Each one applies only where the user
 * left Hadoop's default: a key set in a {@code *-site.xml}, with {@code -D} or in code wins.
 * <ul>
 *   <li>In local mode, the task and buffer sizing of {@link LocalMode}.</li>
 *   <li>On a cluster, map output compressed with Snappy, which Hadoop 3.3+ runs in the JVM
 *       (snappy-java; no native libhadoop needed): the shuffle's bytes on disk and on the network
 *       shrink 1.4–3×. Should Snappy fail to load on this machine, map output stays uncompressed.
 *       In local mode the map output stays in the page cache and never crosses a network, so
 *       compressing it only costs CPU time (5–10% of an edge load, see BENCHMARKS.md): it stays
 *       uncompressed, as Hadoop's default has it.</li>
 *   <li>Everywhere, the map side sorts with {@link PrefixSort}, which sorts keys by their prefixes
 *       where the job's comparator gives them and is Hadoop's QuickSort otherwise.</li>
 * </ul>
 */
public final class JobDefaults {
  private static final Logger LOG = LoggerFactory.getLogger(JobDefaults.class);
  static final String COMPRESS = MRJobConfig.MAP_OUTPUT_COMPRESS;
  static final String CODEC = MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC;
  private static volatile Boolean snappyLoads;

  private JobDefaults() {}

  /** Applies the defaults above to a job's configuration. */
  public static void apply(Configuration conf) {
    LocalMode.tune(conf);
    if (LocalMode.isLocal(conf)) {
      JobFailure.captureLocal();
    } else { // local map output crosses no network: Snappy is not even tried
      compressMapOutput(conf, snappyLoads());
    }
    UserSettings.setUnlessUserSet(conf, MRJobConfig.MAP_SORT_CLASS, PrefixSort.class.getName());
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
