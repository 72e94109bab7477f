package org.apache.hadoop.hbase.mapreduce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.mapreduce.Job;

/**
 * Calls {@link MultiTableHFileOutputFormat#configureIncrementalLoad(Job, List)}, HBase's one-pass set-up for a job
 * writing several tables, whose parameter type ({@code HFileOutputFormat2.TableInfo}) is package-private in HBase 2.6:
 * only a class in this package can build it.
 */
public final class MultiTableIncrementalLoad {
    private MultiTableIncrementalLoad() {}

    public static void configure(Job job, Map<TableDescriptor, RegionLocator> tables) throws IOException {
        List<HFileOutputFormat2.TableInfo> infos = new ArrayList<>();
        tables.forEach((descriptor, locator) -> infos.add(new HFileOutputFormat2.TableInfo(descriptor, locator)));
        MultiTableHFileOutputFormat.configureIncrementalLoad(job, infos);
    }
}
