package io.dumptruck.jobs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * Scratch data one stage passes to a later one, in {@link JobOptions#work}{@code (name)}
 * ({@code <output>/_work/<name>}): block-compressed SequenceFiles of Writable keys and values.
 *
 * <p>A task writes its own file with {@link #create} beside the records it writes to the data sets: into the task's
 * work directory of the stage's output (which must be the run's output directory, as
 * {@link io.dumptruck.jobs.output.DatasetOutputFormat} sets it), committed with them, so a failed or speculative
 * attempt leaves nothing behind. A later stage reads a work directory with {@link #readFrom}; a directory nobody wrote
 * (no task ran: empty tables) is no input rather than an error.
 */
public final class WorkFiles {
    private WorkFiles() {}

    /**
     * A new SequenceFile of the task under {@code <output>/_work/<name>}, named like its other part files
     * ({@code part-r-00003}); the caller closes it, usually in {@code cleanup}.
     */
    public static SequenceFile.Writer create(
            TaskInputOutputContext<?, ?, ?, ?> context, String name, Class<?> keyClass, Class<?> valueClass)
            throws IOException, InterruptedException {
        Path dir = new Path(
                FileOutputFormat.getWorkOutputPath(context), JobOptions.WORK_DIRECTORY + Path.SEPARATOR + name);
        return SequenceFile.createWriter(
                context.getConfiguration(),
                SequenceFile.Writer.file(new Path(dir, FileOutputFormat.getUniqueFile(context, "part", ""))),
                SequenceFile.Writer.keyClass(keyClass),
                SequenceFile.Writer.valueClass(valueClass),
                SequenceFile.Writer.compression(SequenceFile.CompressionType.BLOCK, new DefaultCodec()));
    }

    /**
     * Makes {@code stage} read the work directory {@code dir} ({@link JobOptions#work}): its files' keys and values.
     */
    public static void readFrom(Job stage, Path dir) throws IOException {
        stage.setInputFormatClass(Input.class);
        FileInputFormat.addInputPath(stage, dir);
    }

    /**
     * The SequenceFiles of work directories, each listed as named — an output path may hold glob characters ({@code out
     * [1]}), which Hadoop's listing would take for a pattern — without hidden names ({@code _SUCCESS}, {@code .crc}); a
     * directory that does not exist holds no input.
     */
    public static final class Input<K, V> extends SequenceFileInputFormat<K, V> {
        @Override
        protected List<FileStatus> listStatus(JobContext job) throws IOException {
            List<FileStatus> files = new ArrayList<>();
            for (Path dir : FileInputFormat.getInputPaths(job)) {
                FileSystem fs = dir.getFileSystem(job.getConfiguration());
                if (!fs.exists(dir)) {
                    continue;
                }
                for (FileStatus f : fs.listStatus(dir)) {
                    String name = f.getPath().getName();
                    if (f.isFile() && !name.startsWith("_") && !name.startsWith(".")) {
                        files.add(f);
                    }
                }
            }
            return files;
        }
    }
}
