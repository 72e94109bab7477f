package io.dumptruck.jobs;

import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.jobs.output.DatasetReader;
import io.dumptruck.jobs.output.OutputKind;
import io.dumptruck.loaders.LoadJob;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.LoadReport;
import io.dumptruck.loaders.LoaderCatalog;
import io.dumptruck.loaders.PreparedLoad;
import java.io.File;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;

/** Loads inputs into tables with a real loader and runs analytics jobs over them, in local mode, for tests. */
public final class JobTesting {
    /** The cell timestamp of records without a time of their own. */
    public static final long LOAD_TS = 1_800_000_000_000L;

    private JobTesting() {}

    /** A file of the bundled sample data (tests run in the module directory). */
    public static File sample(String relative) {
        File f = new File("../sample-data", relative);
        if (!f.exists()) {
            throw new IllegalStateException("no sample file " + f.getAbsolutePath());
        }
        return f;
    }

    /** Loads {@code inputs} with the named loader into {@code <tmp>/<name>}; returns that tables directory. */
    public static Path load(
            File tmp, String name, String loader, List<File> inputs, Map<String, String> options, int regions)
            throws Exception {
        Configuration conf = LocalJobs.localConf();
        Path out = new Path(new File(tmp, name).getAbsolutePath());
        LoadOptions o = new LoadOptions(
                inputs.stream().map(f -> new Path(f.getAbsolutePath())).toList(), out, regions, LOAD_TS, 1.0, options);
        var l = LoaderCatalog.all().get(loader);
        PreparedLoad load = LoadJob.prepare(conf, l, o);
        Job job = load.job();
        if (!job.waitForCompletion(false)) {
            throw new AssertionError("load " + loader + " failed");
        }
        LoadReport report = load.finish();
        if (report.failed()) {
            throw new AssertionError("load " + loader + " failed: " + report.failure());
        }
        return out;
    }

    /** Runs the job over {@code tables} into {@code <tmp>/<outName>} and returns the report. */
    public static JobRunner.Report run(
            AnalyticsJob job, Path tables, File tmp, String outName, OutputKind kind, Map<String, String> extra)
            throws Exception {
        JobOptions o = new JobOptions(tables, new Path(new File(tmp, outName).getAbsolutePath()), kind, extra);
        return JobRunner.run(LocalJobs.localConf(), job, o, stage -> stage.waitForCompletion(false));
    }

    /** Every record of one data set of a run's output. */
    public static List<GenericRecord> records(File tmp, String outName, String dataset) throws Exception {
        return DatasetReader.read(
                LocalJobs.localConf(), new Path(new File(new File(tmp, outName), dataset).getAbsolutePath()), 0);
    }
}
