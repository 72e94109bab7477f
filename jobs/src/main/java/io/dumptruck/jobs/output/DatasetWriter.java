package io.dumptruck.jobs.output;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopOutputFile;

/** Writes the records of one data set into one file of an {@link OutputKind}. */
interface DatasetWriter extends Closeable {
    void write(GenericRecord record) throws IOException;

    static DatasetWriter parquet(Configuration conf, Path file, Schema schema) throws IOException {
        ParquetWriter<GenericRecord> w = AvroParquetWriter.<GenericRecord>builder(HadoopOutputFile.fromPath(file, conf))
                .withSchema(schema)
                .withConf(conf)
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .withWriteMode(ParquetFileWriter.Mode.CREATE)
                .build();
        return new DatasetWriter() {
            @Override
            public void write(GenericRecord r) throws IOException {
                w.write(r);
            }

            @Override
            public void close() throws IOException {
                w.close();
            }
        };
    }

    static DatasetWriter avro(Configuration conf, Path file, Schema schema) throws IOException {
        DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(schema));
        w.setCodec(CodecFactory.snappyCodec());
        OutputStream out = file.getFileSystem(conf).create(file, false);
        try {
            w.create(schema, out);
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
        return new DatasetWriter() {
            @Override
            public void write(GenericRecord r) throws IOException {
                w.append(r);
            }

            @Override
            public void close() throws IOException {
                w.close();
            }
        };
    }

    /**
     * A header line of field names, then one line per record, fields separated by tabs. A null is empty; tab, newline,
     * carriage return and backslash inside a value are written {@code \t \n \r \\}; arrays, maps and records in Avro's
     * JSON form.
     */
    static DatasetWriter tsv(Configuration conf, Path file, Schema schema) throws IOException {
        FileSystem fs = file.getFileSystem(conf);
        Writer w = new BufferedWriter(new OutputStreamWriter(fs.create(file, false), StandardCharsets.UTF_8));
        try {
            w.write(String.join(
                    "\t", schema.getFields().stream().map(Schema.Field::name).toList()));
            w.write('\n');
        } catch (IOException | RuntimeException e) {
            w.close();
            throw e;
        }
        return new DatasetWriter() {
            @Override
            public void write(GenericRecord r) throws IOException {
                for (int i = 0; i < schema.getFields().size(); i++) {
                    if (i > 0) {
                        w.write('\t');
                    }
                    Object v = r.get(i);
                    if (v != null) {
                        w.write(TsvText.escape(v.toString()));
                    }
                }
                w.write('\n');
            }

            @Override
            public void close() throws IOException {
                w.close();
            }
        };
    }
}
