package io.dumptruck.formats.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.shuffle.PrefixSort;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.io.compress.SnappyCodec;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
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

    @Test
    void sizesTheMapSortBufferFromTheTaskHeapOnACluster() {
        assertEquals(
                200,
                yarnJob(job -> job.set(MRJobConfig.MAP_JAVA_OPTS, "-Xmx800m -XX:+UseG1GC"))
                        .getInt(LocalMode.SORT_MB, 0));
        assertEquals(
                512,
                yarnJob(job -> job.set(MRJobConfig.MAP_JAVA_OPTS, "-Xmx4g")).getInt(LocalMode.SORT_MB, 0));
        assertEquals(
                100,
                yarnJob(job -> job.set(MRJobConfig.MAP_JAVA_OPTS, "-Xmx256m")).getInt(LocalMode.SORT_MB, 0),
                "never below Hadoop's default");
        // no -Xmx: Hadoop's heap from the container, 0.8 of mapreduce.map.memory.mb (default 1024): 820 MB
        assertEquals(205, yarnJob(job -> {}).getInt(LocalMode.SORT_MB, 0));
        Configuration bigContainer = new JobConf();
        bigContainer.setInt(MRJobConfig.MAP_MEMORY_MB, 4096);
        assertEquals(3277, JobDefaults.mapHeapMb(bigContainer));
        assertEquals(
                150,
                yarnJob(job -> job.setInt(MRJobConfig.IO_SORT_MB, 150)).getInt(LocalMode.SORT_MB, 0),
                "the user's value wins");
    }

    @Test
    void readsBiggerSplitsOnACluster() {
        Configuration yarn = yarnJob(job -> {});
        assertEquals(256L << 20, yarn.getLong(FileInputFormat.SPLIT_MINSIZE, 0));
        assertEquals(0.9f, yarn.getFloat(LocalMode.SPILL_PERCENT, 0), 1e-6);
        assertEquals(
                0f, yarn.getFloat(LocalMode.REDUCE_INPUT_BUFFER, 1), 1e-6, "any job's reducers keep Hadoop's default");

        Configuration local = new JobConf();
        JobDefaults.apply(local);
        assertEquals(
                0, local.getLong(FileInputFormat.SPLIT_MINSIZE, -1), "local tasks start no JVM: Hadoop's splits stay");

        Configuration chosen = yarnJob(job -> job.setLong(FileInputFormat.SPLIT_MINSIZE, 1));
        assertEquals(1, chosen.getLong(FileInputFormat.SPLIT_MINSIZE, 0), "the user's value wins");
        Configuration capped =
                yarnJob(job -> job.setLong("mapred.max.split.size", 64L << 20)); // the old name, as in old scripts
        assertEquals(
                0,
                capped.getLong(FileInputFormat.SPLIT_MINSIZE, -1),
                "a cap on split sizes is not overruled by a minimum");
    }

    @Test
    void hfileLoadReducersKeepMapOutputInMemoryOnACluster() {
        Configuration yarn = yarnJob(job -> {});
        JobDefaults.keepMapOutputForTheReduce(yarn);
        assertEquals(0.35f, yarn.getFloat(LocalMode.REDUCE_INPUT_BUFFER, 0), 1e-6);

        Configuration chosen = yarnJob(job -> job.setFloat(LocalMode.REDUCE_INPUT_BUFFER, 0f));
        JobDefaults.keepMapOutputForTheReduce(chosen);
        assertEquals(
                0f,
                chosen.getFloat(LocalMode.REDUCE_INPUT_BUFFER, 1),
                1e-6,
                "the user's value wins, even Hadoop's own");

        Configuration local = new JobConf();
        JobDefaults.apply(local);
        float localShare = local.getFloat(LocalMode.REDUCE_INPUT_BUFFER, 0);
        JobDefaults.keepMapOutputForTheReduce(local);
        assertEquals(
                localShare,
                local.getFloat(LocalMode.REDUCE_INPUT_BUFFER, 0),
                1e-6,
                "local mode shares it among its reducers");
    }

    private static Configuration yarnJob(java.util.function.Consumer<Configuration> settings) {
        Configuration job = new JobConf();
        job.set("mapreduce.framework.name", "yarn");
        settings.accept(job);
        JobDefaults.apply(job);
        return job;
    }
}
