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
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.avro.GenericDataSupplier;

/**
 * Parquet files for the spec loader, read as generic Avro records (never as classes the file's schema names), read
 * errors naming the file. A Parquet file knows its end (the footer and the magic bytes after it): a cut file fails to
 * open.
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
        // the generic model, whatever the job's configuration says: Parquet's default (the specific model, or one
        // derived from the class the file's schema names) loads and instantiates classes a file names (CVE-2025-46762)
        AvroReadSupport.setAvroDataSupplier(context.getConfiguration(), GenericDataSupplier.class);
        return new NamedInputReader<>(super.createRecordReader(split, context), null);
    }
}
