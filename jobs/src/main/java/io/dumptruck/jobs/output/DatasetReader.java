package io.dumptruck.jobs.output;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/**
 * Reads a data set directory ({@code <output>/<dataset>}) written by {@link DatasetOutputFormat} back as records,
 * whatever its kind: the command line's preview, pictures drawn from a job's output, tests. TSV values are converted
 * back by the schema kept in {@value #SCHEMA_FILE} (primitive fields only).
 */
public final class DatasetReader {
    /** The data set's Avro schema, written beside its part files once the job has succeeded. */
    public static final String SCHEMA_FILE = "_schema.avsc";

    private DatasetReader() {}

    /** The part files of a data set, in name order. */
    public static List<Path> parts(Configuration conf, Path dataset) throws IOException {
        FileSystem fs = dataset.getFileSystem(conf);
        FileStatus[] files = fs.listStatus(dataset, p -> p.getName().startsWith("part-"));
        Arrays.sort(files, Comparator.comparing(f -> f.getPath().getName()));
        return Arrays.stream(files).map(FileStatus::getPath).toList();
    }

    /** What {@link #forEach} hands the records to, one at a time. */
    @FunctionalInterface
    public interface RecordConsumer {
        void accept(GenericRecord record) throws IOException;
    }

    /** Up to {@code limit} records (0 = all) of the data set, part files in name order. */
    public static List<GenericRecord> read(Configuration conf, Path dataset, long limit) throws IOException {
        List<GenericRecord> out = new ArrayList<>();
        forEach(conf, dataset, limit, out::add);
        return out;
    }

    /**
     * Streams every record of the data set to {@code consumer}, part files in name order, holding one record at a time:
     * for data sets too big for a list. Each record is a new object the consumer may keep.
     */
    public static void forEach(Configuration conf, Path dataset, RecordConsumer consumer) throws IOException {
        forEach(conf, dataset, 0, consumer);
    }

    private static void forEach(Configuration conf, Path dataset, long limit, RecordConsumer consumer)
            throws IOException {
        long remaining = limit > 0 ? limit : Long.MAX_VALUE;
        Schema tsvSchema = null;
        for (Path part : parts(conf, dataset)) {
            if (remaining == 0) {
                break;
            }
            String name = part.getName();
            if (name.endsWith("." + OutputKind.PARQUET.extension())) {
                try (ParquetReader<GenericRecord> r = AvroParquetReader.<GenericRecord>builder(
                                HadoopInputFile.fromPath(part, conf))
                        .withDataModel(GenericData.get())
                        .build()) {
                    GenericRecord rec;
                    while (remaining > 0 && (rec = r.read()) != null) {
                        consumer.accept(rec);
                        remaining--;
                    }
                }
            } else if (name.endsWith("." + OutputKind.AVRO.extension())) {
                try (InputStream in = part.getFileSystem(conf).open(part);
                        DataFileStream<GenericRecord> r = new DataFileStream<>(in, new GenericDatumReader<>())) {
                    while (remaining > 0 && r.hasNext()) {
                        consumer.accept(r.next());
                        remaining--;
                    }
                }
            } else if (name.endsWith("." + OutputKind.TSV.extension())) {
                if (tsvSchema == null) {
                    tsvSchema = schema(conf, dataset);
                }
                remaining -= readTsv(conf, part, tsvSchema, remaining, consumer);
            }
        }
    }

    /** The schema kept beside the part files. */
    public static Schema schema(Configuration conf, Path dataset) throws IOException {
        Path file = new Path(dataset, SCHEMA_FILE);
        try (InputStream in = file.getFileSystem(conf).open(file)) {
            return new Schema.Parser().parse(in);
        }
    }

    /** Streams up to {@code limit} records of a TSV part file; returns how many. */
    private static long readTsv(Configuration conf, Path part, Schema schema, long limit, RecordConsumer consumer)
            throws IOException {
        long read = 0;
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(part.getFileSystem(conf).open(part), StandardCharsets.UTF_8))) {
            r.readLine(); // the header
            String line;
            while (read < limit && (line = r.readLine()) != null) {
                String[] values = line.split("\t", -1);
                GenericData.Record rec = new GenericData.Record(schema);
                for (Schema.Field f : schema.getFields()) {
                    String v = f.pos() < values.length ? values[f.pos()] : "";
                    rec.put(
                            f.pos(),
                            v.isEmpty() && isNullable(f.schema()) ? null : value(f.schema(), TsvText.unescape(v)));
                }
                consumer.accept(rec);
                read++;
            }
        }
        return read;
    }

    private static boolean isNullable(Schema s) {
        return s.getType() == Schema.Type.UNION && s.getTypes().stream().anyMatch(t -> t.getType() == Schema.Type.NULL);
    }

    private static Object value(Schema s, String v) {
        Schema type = s;
        if (s.getType() == Schema.Type.UNION) {
            type = s.getTypes().stream()
                    .filter(t -> t.getType() != Schema.Type.NULL)
                    .findFirst()
                    .orElse(s);
        }
        return switch (type.getType()) {
            case INT -> Integer.parseInt(v);
            case LONG -> Long.parseLong(v);
            case FLOAT -> Float.parseFloat(v);
            case DOUBLE -> Double.parseDouble(v);
            case BOOLEAN -> Boolean.parseBoolean(v);
            default -> v;
        };
    }
}
