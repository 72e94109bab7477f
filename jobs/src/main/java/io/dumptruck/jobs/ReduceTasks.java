package io.dumptruck.jobs;

import io.dumptruck.formats.read.TableDir;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * How many reduce tasks a stage runs when the user does not say: as many as the table it reads has regions, the
 * loader's measure of how much work the table is. Hadoop's own default (1) would funnel a whole table through one task.
 */
public final class ReduceTasks {
    private ReduceTasks() {}

    /**
     * Gives {@code stage} one reduce task per region of {@code table} unless {@code mapreduce.job.reduces} was set by
     * the user or the site.
     */
    public static void onePerRegionUnlessSet(Job stage, Path table) throws IOException {
        if (!isSet(stage.getConfiguration())) {
            stage.setNumReduceTasks(
                    TableDir.open(stage.getConfiguration(), table).splitPoints().size() + 1);
        }
    }

    /** True when the reduce task count was set by the user or the site, not taken from Hadoop's defaults. */
    public static boolean isSet(Configuration conf) {
        String[] sources = conf.getPropertySources(MRJobConfig.NUM_REDUCES);
        return sources != null && Arrays.stream(sources).anyMatch(s -> !s.equals("mapred-default.xml"));
    }
}
