package io.dumptruck.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class ConfKeyTest {
    private static final List<FormatConf> KEYS = List.of(FormatConf.values());

    private static String refusal(String key, String value) {
        Configuration conf = new Configuration(false);
        conf.set(key, value);
        return assertThrows(SpecException.class, () -> ConfKey.checkUserSettings(conf, KEYS))
                .getMessage();
    }

    private static void accepted(String key, String value) {
        Configuration conf = new Configuration(false);
        conf.set(key, value);
        ConfKey.checkUserSettings(conf, KEYS);
    }

    @Test
    void aValueNoTaskCouldUseIsRefusedNamingTheKeyAndWhatToGive() {
        for (String bad : new String[] {"abc", "-5", "0", "1.5", "", "0x10", "99999999999999999999"}) {
            assertEquals(
                    "dumptruck.output.file.max.bytes is '" + bad + "': give a whole number of bytes, at least 1",
                    refusal("dumptruck.output.file.max.bytes", bad));
        }
        for (String bad : new String[] {"0", "33", "-1", "many"}) {
            assertEquals(
                    "dumptruck.output.files.per.region.max is '" + bad
                            + "': give a whole number of files, from 1 to 32",
                    refusal("dumptruck.output.files.per.region.max", bad));
        }
        assertEquals(
                "dumptruck.output.locality is 'maybe': give true or false",
                refusal("dumptruck.output.locality", "maybe"));
        assertEquals(
                "dumptruck.output.map.buffer.mb is '2048': give a whole number of MB, from 0 to 2047",
                refusal("dumptruck.output.map.buffer.mb", "2048"));
    }

    @Test
    void valuesInRangeAndKeysOfOtherToolsPass() {
        accepted("dumptruck.output.file.max.bytes", " 1048576 ");
        accepted("dumptruck.output.files.per.region.max", "32");
        accepted("dumptruck.output.locality", "FALSE");
        accepted("dumptruck.output.map.buffer.mb", "0");
        accepted("dumptruck.test.pause.last.reduce.ms", "0");
        accepted("mapreduce.job.reduces", "whatever"); // Hadoop's and HBase's keys are theirs to check
    }

    @Test
    void aMisspeltKeyIsRefusedRatherThanIgnored() {
        assertEquals(
                "unknown configuration key dumptruck.output.file.maxbytes (misspelt? dumptruck help config lists the keys)",
                refusal("dumptruck.output.file.maxbytes", "1000"));
    }

    @Test
    void keysDumptruckSetsItselfAreRefusedFromAUser() {
        assertEquals(
                "dumptruck.output.tables is set by dumptruck itself: remove it from the command line and the "
                        + "configuration files",
                refusal("dumptruck.output.tables", "[]"));
        // a key of a family of keys (<prefix><table>) is known by its prefix
        assertEquals(
                "dumptruck.output.favored.visits is set by dumptruck itself: remove it from the command line and the "
                        + "configuration files",
                refusal("dumptruck.output.favored.visits", "host:1"));
    }

    @Test
    void aJobsOwnCheckUsesTheSameRule() {
        Configuration conf = new Configuration(false);
        conf.set("dumptruck.output.merge.held.bytes.max", "-1");
        assertEquals(
                "dumptruck.output.merge.held.bytes.max is '-1': give a whole number of bytes, at least 1",
                assertThrows(SpecException.class, () -> FormatConf.OUTPUT_MERGE_MAX_HELD_BYTES.requireValid(conf))
                        .getMessage());
        conf.set("dumptruck.output.merge.held.bytes.max", "65536");
        FormatConf.OUTPUT_MERGE_MAX_HELD_BYTES.requireValid(conf);
    }
}
