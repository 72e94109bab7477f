package io.dumptruck.formats.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.map.PrefixSort;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.io.compress.SnappyCodec;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.util.IndexedSorter;
import org.apache.hadoop.util.QuickSort;
import org.junit.jupiter.api.Test;

class JobDefaultsTest {
  @Test
  void snappyCompressesInThisJvm() {
    assertTrue(JobDefaults.snappyLoads(), "Hadoop's Snappy codec should work without native libraries");
  }

  @Test
  void compressesMapOutputWithSnappyOnAClusterWhereTheUserLeftHadoopsDefault() {
    Configuration local = new JobConf(); // with mapred-default.xml, as a job's configuration
    JobDefaults.apply(local);
    assertFalse(local.getBoolean(JobDefaults.COMPRESS, true), "local map output stays in the page cache");
    assertEquals(PrefixSort.class, local.getClass(MRJobConfig.MAP_SORT_CLASS, null));

    Configuration yarn = new JobConf();
    yarn.set("mapreduce.framework.name", "yarn");
    JobDefaults.apply(yarn);
    assertTrue(yarn.getBoolean(JobDefaults.COMPRESS, false));
    assertEquals(SnappyCodec.class.getName(), yarn.get(JobDefaults.CODEC));
    assertNull(yarn.get(LocalMode.MAPS), "local-mode sizing stays out of YARN jobs");
    assertEquals(PrefixSort.class, yarn.getClass(MRJobConfig.MAP_SORT_CLASS, null));
  }

  @Test
  void leavesTheUsersChoice() {
    Configuration off = new JobConf();
    off.setBoolean(JobDefaults.COMPRESS, false);
    JobDefaults.apply(off);
    assertFalse(off.getBoolean(JobDefaults.COMPRESS, true));

    Configuration quickSort = new JobConf();
    quickSort.setClass(MRJobConfig.MAP_SORT_CLASS, QuickSort.class, IndexedSorter.class);
    JobDefaults.apply(quickSort);
    assertEquals(QuickSort.class, quickSort.getClass(MRJobConfig.MAP_SORT_CLASS, null));

    Configuration codec = new JobConf();
    codec.set("mapreduce.framework.name", "yarn");
    codec.set(JobDefaults.CODEC, DefaultCodec.class.getName());
    JobDefaults.apply(codec);
    assertTrue(codec.getBoolean(JobDefaults.COMPRESS, false));
    assertEquals(DefaultCodec.class.getName(), codec.get(JobDefaults.CODEC));

    Configuration noSnappy = new JobConf();
    noSnappy.set("mapreduce.framework.name", "yarn");
    JobDefaults.compressMapOutput(noSnappy, false);
    assertFalse(noSnappy.getBoolean(JobDefaults.COMPRESS, true), "without Snappy, Hadoop's default stays");
  }
}
