package io.dumptruck.loaders;

import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.runtime.JobDefaults;
import io.dumptruck.formats.runtime.JobFailure;
import io.dumptruck.loaders.ledger.BatchContent;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;

/**
 * The content of a load's input ({@link BatchContent}) without loading it: a map-only job that parses the records as
 * the load would and adds them up, writing nothing. A folding load runs it when the ledger already holds its batch id,
 * to tell a rerun of the same records (nothing to do) from other records under a used id (refused), never skipping them
 * unseen.
 */
final class ContentPass {
    private ContentPass() {}

    static BatchContent of(Configuration conf, Loader loader, LoadOptions options) throws IOException {
        Job job = Job.getInstance(conf, "dumptruck content of " + loader.name() + " " + options.inputs());
        job.setJarByClass(ContentPass.class);
        Configuration jc = job.getConfiguration();
        JobDefaults.apply(jc);
        jc.setLong(LoaderConf.LOAD_TIMESTAMP.key(), options.timestamp());
        options.extra().forEach((k, v) -> jc.set(LoaderConf.OPTION_PREFIX.key() + k, v));
        jc.setBoolean(LoaderConf.CONTENT_ONLY.key(), true);
        job.setInputFormatClass(LineBatchInputFormat.class);
        for (Path input : options.inputs()) {
            FileInputFormat.addInputPath(job, input);
        }
        // the loader sets its mapper and input format here; the tables and output are never applied
        loader.configure(
                job,
                options,
                HFileTableJob.configure(job)
                        .tables(loader.tables(conf, options))
                        .output(options.output()));
        job.setNumReduceTasks(0);
        job.setOutputFormatClass(NullOutputFormat.class);
        try {
            if (!job.waitForCompletion(false)) {
                String reason = JobFailure.reason(job);
                throw new IOException("reading the input's records failed" + (reason == null ? "" : ": " + reason));
            }
        } catch (InterruptedException | ClassNotFoundException e) {
            throw new IOException("reading the input's records was stopped: " + e.getMessage(), e);
        }
        return BatchContent.of(
                job.getCounters(),
                job.getCounters().findCounter(LoadCounter.RECORDS_READ).getValue());
    }
}
