package io.dumptruck.formats.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.Test;

class LocalModeTest {
    private static final long GIB = 1L << 30;

    @Test
    void usesEveryCoreAndSizesTheSortBufferByHeap() {
        Configuration conf = new JobConf(); // with mapred-default.xml, as a job's configuration
        LocalMode.tune(conf, 4, 8 * GIB);
        assertEquals(4, conf.getInt(LocalMode.MAPS, 0));
        assertEquals(4, conf.getInt(LocalMode.REDUCES, 0));
        assertEquals(512, conf.getInt(LocalMode.SORT_MB, 0)); // 8 GiB / 4 / 4 maps = 512 MB
        assertEquals(0.175f, conf.getFloat(LocalMode.SHUFFLE_BUFFER, 0), 1e-6);
        assertEquals(0.9f, conf.getFloat(LocalMode.SPILL_PERCENT, 0), 1e-6);
        assertEquals(
                0.0875f, conf.getFloat(LocalMode.REDUCE_INPUT_BUFFER, 0), 1e-6); // half of each reducer's shuffle share

        Configuration small = new JobConf();
        LocalMode.tune(small, 2, 2 * GIB);
        assertEquals(256, small.getInt(LocalMode.SORT_MB, 0));
        Configuration tiny = new JobConf();
        LocalMode.tune(tiny, 8, GIB / 2);
        assertEquals(100, tiny.getInt(LocalMode.SORT_MB, 0)); // never below Hadoop's default
    }

    @Test
    void leavesWhatTheUserSetAndLeavesYarnAlone() {
        Configuration conf = new JobConf();
        conf.setInt(LocalMode.MAPS, 1);
        conf.setInt(LocalMode.SORT_MB, 64);
        conf.setFloat(LocalMode.SPILL_PERCENT, 0.5f);
        LocalMode.tune(conf, 4, 8 * GIB);
        assertEquals(0.5f, conf.getFloat(LocalMode.SPILL_PERCENT, 0), 1e-6);
        assertEquals(1, conf.getInt(LocalMode.MAPS, 0));
        assertEquals(64, conf.getInt(LocalMode.SORT_MB, 0));
        assertEquals(4, conf.getInt(LocalMode.REDUCES, 0));

        Configuration yarn = new Configuration(false);
        yarn.set("mapreduce.framework.name", "yarn");
        LocalMode.tune(yarn, 4, 8 * GIB);
        assertNull(yarn.get(LocalMode.MAPS));
        assertNull(yarn.get(LocalMode.SORT_MB));
        assertNull(yarn.get(LocalMode.SPILL_PERCENT));
    }
}
