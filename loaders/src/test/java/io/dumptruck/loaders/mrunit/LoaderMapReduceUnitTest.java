package io.dumptruck.loaders.mrunit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.output.CellBatch;
import io.dumptruck.formats.reduce.CellCombiner;
import io.dumptruck.formats.reduce.CellStreamReducer;
import io.dumptruck.formats.reduce.SumLongFold;
import io.dumptruck.formats.rowkey.Md5;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellRun;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.loaders.LineBatch;
import io.dumptruck.loaders.LineDataset;
import io.dumptruck.loaders.LineLoaderMapper;
import io.dumptruck.loaders.LoadCounter;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.LoaderConf;
import io.dumptruck.loaders.graph.Edge;
import io.dumptruck.loaders.graph.GraphLoader;
import io.dumptruck.loaders.weblogs.WebLogLoader;
import io.dumptruck.loaders.weblogs.WebLogSchema;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.jupiter.api.Test;

/** MRUnit tests of a loader mapper and of the reducer with a fold, without any cluster or job. */
class LoaderMapReduceUnitTest {
    static final long TS = 1_800_000_000_000L;

    private static Configuration conf(io.dumptruck.loaders.Loader loader, Map<String, String> options) {
        Configuration conf = new Configuration();
        LoadOptions o = new LoadOptions(List.of(new Path("in")), new Path("out"), 1, TS, 1.0, options);
        JobTables.set(conf, loader.tables(conf, o));
        conf.setLong(LoaderConf.LOAD_TIMESTAMP.key(), TS);
        options.forEach((k, v) -> conf.set(LoaderConf.OPTION_PREFIX.key() + k, v));
        conf.setClass(LoaderConf.DATASET.key(), loader.getClass(), LineDataset.class);
        return conf;
    }

    @Test
    void graphMapperEmitsBothDirectionsOfAnEdge() throws Exception {
        MapDriver<LongWritable, LineBatch, CellKey, CellRun> driver =
                MapDriver.newMapDriver(new LineLoaderMapper<Edge>());
        driver.withConfiguration(conf(new GraphLoader(), Map.of("layouts", "edges")));
        List<Pair<CellKey, CellRun>> out =
                driver.withInput(new LongWritable(0), lines("alice\tbob\t42")).run();
        assertEquals(2, out.size());
        byte[] a = Md5.digest("alice");
        byte[] b = Md5.digest("bob");
        assertEquals(
                new CellKey(0, 0, Bytes.add(a, b), Bytes.toBytes("bob"), 42),
                out.get(0).getFirst());
        assertEquals(
                new CellKey(1, 0, Bytes.add(b, a), Bytes.toBytes("alice"), 42),
                out.get(1).getFirst());
        assertEquals(new CellRun().first(42, new byte[0], 0, 0), out.get(0).getSecond()); // one empty value
        assertEquals(
                1, driver.getCounters().findCounter(LoadCounter.RECORDS_LOADED).getValue());
    }

    @Test
    void graphMapperCountsARejectAndEmitsNothing() throws Exception {
        MapDriver<LongWritable, LineBatch, CellKey, CellRun> driver =
                MapDriver.newMapDriver(new LineLoaderMapper<Edge>());
        driver.withConfiguration(conf(new GraphLoader(), Map.of()));
        driver.withInput(new LongWritable(0), lines("# a comment")).runTest();
        assertEquals(
                1, driver.getCounters().findCounter(LoadCounter.LINES_SKIPPED).getValue());
        assertEquals(
                0, driver.getCounters().findCounter(LoadCounter.RECORDS_READ).getValue());
    }

    @Test
    void reducerSumsCountersWithTheirFold() throws Exception {
        Configuration conf = countersSummed();
        ReduceDriver<CellKey, CellRun, NullWritable, CellBatch> driver =
                ReduceDriver.newReduceDriver(new CellStreamReducer());
        driver.withConfiguration(conf);
        CellKey key = new CellKey(1, 0, Bytes.toBytes("c1"), Bytes.toBytes("/a"), TS);
        driver.withInput(key, List.of(count(1), count(2), count(3)));
        byte[] family = JobTables.of(conf).get(1).families().get(0).nameBytes();
        byte[] six = Bytes.toBytes(6L);
        driver.withOutput(
                NullWritable.get(),
                new CellBatch().add(true, key, family, KeyValue.Type.Put.getCode(), six, 0, six.length, six, 0, 0));
        driver.runTest();
    }

    /**
     * Hadoop's combiner sums the one-cell values of a counter's key and passes a block (cells of many rows, combined
     * already as the map cut it) on unchanged: it must not take a block for one cell.
     */
    @Test
    void combinerSumsSingleCellsAndPassesBlocksOn() throws Exception {
        Configuration conf = countersSummed();
        ReduceDriver<CellKey, CellRun, CellKey, CellRun> driver = ReduceDriver.newReduceDriver(new CellCombiner());
        driver.withConfiguration(conf);
        CellKey key = new CellKey(1, 0, Bytes.toBytes("c1"), Bytes.toBytes("/a"), TS);
        byte[] five = Bytes.toBytes(5L);
        CellRun block = count(4).addInNewRow(
                        1, Bytes.toBytes("c2"), 0, 2, 0, Bytes.toBytes("/b"), 0, 2, TS, five, 0, five.length);
        driver.withInput(key, List.of(count(1), block, count(2)));
        driver.withOutput(key, block);
        driver.withOutput(key, count(3));
        driver.runTest();
    }

    /**
     * The web-log loader's job with its counter table summed by {@link SumLongFold}; its key c1:/a is table 1, family
     * 0.
     */
    private static Configuration countersSummed() {
        Configuration conf = conf(new WebLogLoader(), Map.of());
        conf.setClass(
                FormatConf.OUTPUT_FOLD_PREFIX + WebLogSchema.COOKIE_URL_COUNT,
                SumLongFold.class,
                io.dumptruck.formats.reduce.CellFold.class);
        return conf;
    }

    /** Input lines as a line loader's mapper gets them: in a batch, each at its byte offset. */
    private static LineBatch lines(String... lines) {
        LineBatch batch = new LineBatch();
        long offset = 0;
        for (String line : lines) {
            Text text = new Text(line);
            batch.add(offset, text);
            offset += text.getLength() + 1;
        }
        return batch;
    }

    private static CellRun count(long n) {
        byte[] v = Bytes.toBytes(n);
        return new CellRun().first(TS, v, 0, v.length);
    }
}
