package io.dumptruck.loaders.jsonspec;

import io.dumptruck.loaders.InputFiles;
import io.dumptruck.loaders.NamedInputReader;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.file.DataFileConstants;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.hadoop.io.AvroSerialization;
import org.apache.avro.mapred.AvroKey;
import org.apache.avro.mapred.FsInput;
import org.apache.avro.mapreduce.AvroKeyInputFormat;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Avro data files for the spec loader: {@link AvroKeyInputFormat}'s records, read with the generic model (never as
 * classes the file's schema names), read errors naming the file, and a cut file refused. Avro's reader takes the end of
 * the bytes as the end of the file, so a file cut inside a block would load its first blocks and lose the rest without
 * a word; but every whole Avro data file ends with the 16-byte sync marker that also ends its header, which
 * {@link #checkWhole} compares. (A cut exactly after a block's sync marker leaves a shorter whole file: Avro records no
 * count that could tell.)
 */
final class AvroFileInputFormat extends AvroKeyInputFormat<GenericRecord> {
    /** The files of the input paths, by {@link InputFiles}' rule. */
    @Override
    protected List<FileStatus> listStatus(JobContext job) throws IOException {
        return InputFiles.listStatus(job);
    }

    @Override
    public RecordReader<AvroKey<GenericRecord>, NullWritable> createRecordReader(
            InputSplit split, TaskAttemptContext context) throws IOException, InterruptedException {
        // the generic model, whatever the job's configuration says: Avro's default for MapReduce (the reflect model)
        // reads strings into classes a file's schema names (java-class) and records into the class of their name
        AvroSerialization.setDataModelClass(context.getConfiguration(), GenericData.class);
        return new NamedInputReader<>(super.createRecordReader(split, context), AvroFileInputFormat::checkWhole);
    }

    static void checkWhole(Path file, long length, Configuration conf) throws IOException {
        long headerEnd;
        try (DataFileReader<Object> reader =
                new DataFileReader<>(new FsInput(file, conf), new GenericDatumReader<>())) {
            reader.sync(0); // to the first sync marker: the one that ends the header
            headerEnd = reader.previousSync();
        }
        int n = DataFileConstants.SYNC_SIZE;
        byte[] sync = new byte[n];
        byte[] last = new byte[n];
        try (FSDataInputStream in = file.getFileSystem(conf).open(file)) {
            in.readFully(headerEnd - n, sync);
            in.readFully(length - n, last);
        }
        if (!Arrays.equals(sync, last)) {
            throw new IOException(
                    "input " + file + " is truncated or damaged: a whole Avro data file ends with its sync marker, "
                            + "this one (" + length + " bytes) does not; its last block is cut or overwritten");
        }
    }
}
