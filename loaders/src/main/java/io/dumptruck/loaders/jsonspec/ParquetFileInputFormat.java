package io.dumptruck.loaders.jsonspec;

import io.dumptruck.loaders.InputFiles;
import io.dumptruck.loaders.NamedInputReader;
import java.io.IOException;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.parquet.avro.AvroParquetInputFormat;

/**
 * Parquet files for the spec loader, read as Avro records, read errors naming the file. A Parquet file knows its end
 * (the footer and the magic bytes after it): a cut file fails to open.
 */
final class ParquetFileInputFormat extends AvroParquetInputFormat<GenericRecord> {
    /** The files of the input paths, by {@link InputFiles}' rule. */
    @Override
    protected List<FileStatus> listStatus(JobContext job) throws IOException {
        return InputFiles.listStatus(job);
    }

    @Override
    public RecordReader<Void, GenericRecord> createRecordReader(InputSplit split, TaskAttemptContext context)
            throws IOException, InterruptedException {
        return new NamedInputReader<>(super.createRecordReader(split, context), null);
    }
}
