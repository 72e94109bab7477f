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
 * Reads a data set directory ({@code <output>/<dataset>}) written by {@link DatasetOutputFormat} back
 * as records, whatever its kind: the command line's preview, pictures drawn from a job's output, tests.
 * TSV values are converted back by the schema kept in {@value #SCHEMA_FILE} (primitive fields only).
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

  /** Up to {@code limit} records (0 = all) of the data set, part files in name order. */
  public static List<GenericRecord> read(Configuration conf, Path dataset, long limit) throws IOException {
    List<GenericRecord> out = new ArrayList<>();
    for (Path part : parts(conf, dataset)) {
      if (limit > 0 && out.size() >= limit) {
        break;
      }
      String name = part.getName();
      if (name.endsWith("." + OutputKind.PARQUET.extension())) {
        try (ParquetReader<GenericRecord> r = AvroParquetReader.<GenericRecord>builder(HadoopInputFile.fromPath(part, conf))
            .withDataModel(GenericData.get()).build()) {
          for (GenericRecord rec = r.read(); rec != null && (limit == 0 || out.size() < limit); rec = r.read()) {
            out.add(rec);
          }
        }
      } else if (name.endsWith("." + OutputKind.AVRO.extension())) {
        try (InputStream in = part.getFileSystem(conf).open(part);
            DataFileStream<GenericRecord> r = new DataFileStream<>(in, new GenericDatumReader<>())) {
          while (r.hasNext() && (limit == 0 || out.size() < limit)) {
            out.add(r.next());
          }
        }
      } else if (name.endsWith("." + OutputKind.TSV.extension())) {
        readTsv(conf, part, schema(conf, dataset), out, limit);
      }
    }
    return out;
  }

  /** The schema kept beside the part files. */
  public static Schema schema(Configuration conf, Path dataset) throws IOException {
    Path file = new Path(dataset, SCHEMA_FILE);
    try (InputStream in = file.getFileSystem(conf).open(file)) {
      return new Schema.Parser().parse(in);
    }
  }

  private static void readTsv(Configuration conf, Path part, Schema schema, List<GenericRecord> out, long limit)
      throws IOException {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(part.getFileSystem(conf).open(part), StandardCharsets.UTF_8))) {
      r.readLine(); // the header
      for (String line = r.readLine(); line != null && (limit == 0 || out.size() < limit); line = r.readLine()) {
        String[] values = line.split("\t", -1);
        GenericData.Record rec = new GenericData.Record(schema);
        for (Schema.Field f : schema.getFields()) {
          String v = f.pos() < values.length ? values[f.pos()] : "";
          rec.put(f.pos(), v.isEmpty() && isNullable(f.schema()) ? null : value(f.schema(), TsvText.unescape(v)));
        }
        out.add(rec);
      }
    }
  }

  private static boolean isNullable(Schema s) {
    return s.getType() == Schema.Type.UNION && s.getTypes().stream().anyMatch(t -> t.getType() == Schema.Type.NULL);
  }

  private static Object value(Schema s, String v) {
    Schema type = s;
    if (s.getType() == Schema.Type.UNION) {
      type = s.getTypes().stream().filter(t -> t.getType() != Schema.Type.NULL).findFirst().orElse(s);
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
