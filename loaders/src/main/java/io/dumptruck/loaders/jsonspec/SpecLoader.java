package io.dumptruck.loaders.jsonspec;

import com.fasterxml.jackson.databind.JsonNode;
import io.dumptruck.formats.ConfKey;
import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.LineBatchInputFormat;
import io.dumptruck.loaders.LineDataset;
import io.dumptruck.loaders.LineLoaderMapper;
import io.dumptruck.loaders.LoadOptions;
import io.dumptruck.loaders.Loader;
import io.dumptruck.loaders.LoaderMapper;
import io.dumptruck.loaders.LoaderMapper.CommonReject;
import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.Question;
import io.dumptruck.loaders.RecordSchema;
import io.dumptruck.loaders.RecordSource;
import io.dumptruck.loaders.text.CsvParser;
import io.dumptruck.loaders.text.JsonText;
import io.dumptruck.loaders.text.PlainFields;
import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.mapred.AvroKey;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.LineReader;

/** {@code dumptruck load spec --spec FILE}: any CSV/TSV/JSON-lines input into tables a JSON spec describes. */
public final class SpecLoader implements Loader, LineDataset<FieldRecord> {
    static final String SPEC = "spec";
    /** internal: the spec's JSON, carried to the tasks. */
    static final String SPEC_JSON = SpecConf.SPEC.key();

    /** The questions of the worked example's tables (blogtable, usertable). */
    @Override
    public List<Question> questions() {
        return BlogQueries.QUESTIONS;
    }

    @Override
    public String name() {
        return "spec";
    }

    @Override
    public List<ConfKey> confKeys() {
        return SpecConf.ALL;
    }

    @Override
    public String summary() {
        return "CSV, TSV, JSON lines, Avro or Parquet into the tables a JSON spec describes (row-key parts, cells, encodings)";
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> o = new LinkedHashMap<>();
        o.put(SPEC, "the JSON load spec (local or HDFS path); see docs/spec-loader.md");
        return o;
    }

    /**
     * The spec file's text, read through the job's configuration (a path without a scheme is on its default file
     * system).
     */
    static String read(Configuration conf, String path) {
        if (path == null) {
            throw new IllegalArgumentException("the spec loader needs --spec FILE");
        }
        Path p = new Path(path);
        try (InputStream in = p.getFileSystem(conf).open(p)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("--spec " + path + " cannot be read: " + e.getMessage());
        }
    }

    @Override
    public Set<String> fileOptions() {
        return Set.of(SPEC);
    }

    @Override
    public List<TableSpec> tables(Configuration conf, LoadOptions options) {
        return LoadSpec.fromJson(read(conf, options.get(SPEC, null))).tableSpecs();
    }

    @Override
    public void configure(Job job, LoadOptions options, HFileTableJob output) {
        String json = read(job.getConfiguration(), options.get(SPEC, null));
        job.getConfiguration().set(SPEC_JSON, json);
        LoadSpec spec = LoadSpec.fromJson(json);
        spec.tables().stream()
                .filter(t -> t.operation() != null)
                .forEach(t -> output.markers(t.table().name()));
        switch (spec.format()) {
            case "jsonl" -> LineLoaderMapper.use(job, SpecLoader.class);
            case "avro" -> {
                job.setInputFormatClass(AvroFileInputFormat.class);
                job.setMapperClass(AvroSpecMapper.class);
            }
            case "parquet" -> {
                job.setInputFormatClass(ParquetFileInputFormat.class);
                job.setMapperClass(ParquetSpecMapper.class);
            }
            default -> {
                if (spec.quoted()) { // a quoted field may hold a line break: each file is read whole
                    job.setInputFormatClass(CsvRecordInputFormat.class);
                    CsvRecordInputFormat.setDelimiter(job.getConfiguration(), spec.delimiter());
                } else { // a record per line: Hadoop's line reader splits large files across map tasks
                    job.setInputFormatClass(LineBatchInputFormat.class);
                }
                LineLoaderMapper.use(job, SpecLoader.class);
            }
        }
    }

    @Override
    public LineParser<FieldRecord> parser(Configuration conf, RecordSource source) {
        return new SpecLineParser(LoadSpec.fromJson(conf.get(SPEC_JSON)), source, conf);
    }

    @Override
    public RecordSchema<FieldRecord> schema(Configuration conf) {
        return new SpecTables(LoadSpec.fromJson(conf.get(SPEC_JSON)));
    }

    /** Why a record is rejected before the tables see it. */
    public enum Reject {
        BAD_JSON,
        WRONG_FIELD_COUNT
    }

    /**
     * Builds every table's row and cells of the spec from one record's fields — or, for a table with an operation
     * field, the delete markers the record's operation asks for.
     */
    static final class SpecTables implements RecordSchema<FieldRecord> {
        private static final byte[] EMPTY = new byte[0];
        private final LoadSpec spec;
        private final List<List<FamilyRef>> refs = new ArrayList<>();

        SpecTables(LoadSpec spec) {
            this.spec = spec;
        }

        @Override
        public void resolve(CellSink sink) {
            for (LoadSpec.TableMapping t : spec.tables()) {
                List<FamilyRef> families = new ArrayList<>();
                t.cells().forEach(c -> families.add(sink.family(t.table().name(), c.family())));
                refs.add(families);
            }
        }

        @Override
        public void emit(FieldRecord r, RecordSource source, CellSink sink) throws IOException, InterruptedException {
            for (int t = 0; t < spec.tables().size(); t++) {
                LoadSpec.TableMapping table = spec.tables().get(t);
                LoadSpec.Operation operation = table.operationOf(r);
                byte[] row = table.rowKey().build(r);
                long rowTs = table.timestamp() != null ? table.timestamp().read(r) : source.loadTimestamp();
                Set<Integer> familiesDeleted = new HashSet<>();
                for (int c = 0; c < table.cells().size(); c++) {
                    CellMapping cell = table.cells().get(c);
                    FamilyRef family = refs.get(t).get(c);
                    long ts = cell.timestamp() != null ? cell.timestamp().read(r) : rowTs;
                    if (operation == LoadSpec.Operation.DELETE_FAMILY) {
                        if (familiesDeleted.add(family.family())) {
                            sink.delete(family, row, EMPTY, ts, KeyValue.Type.DeleteFamily);
                        }
                        continue;
                    }
                    byte[] qualifier = cell.qualifier(r);
                    if (qualifier == null) {
                        continue;
                    }
                    if (operation == LoadSpec.Operation.PUT) {
                        byte[] value = cell.value(r);
                        if (value != null) {
                            sink.put(family, row, qualifier, ts, value);
                        }
                    } else {
                        sink.delete(
                                family,
                                row,
                                qualifier,
                                ts,
                                operation == LoadSpec.Operation.DELETE
                                        ? KeyValue.Type.Delete
                                        : KeyValue.Type.DeleteColumn);
                    }
                }
            }
        }
    }

    /**
     * Each CSV/TSV record or JSON line into its fields by name; a CSV header names them when the spec says so — read
     * from the file's first line by a task whose split starts past it.
     */
    static final class SpecLineParser implements LineParser<FieldRecord> {
        private final LoadSpec spec;
        private final RecordSource source;
        private final Configuration conf;
        private final CsvParser csv;
        private List<String> names;
        /** The file whose header {@link #names} are. */
        private Path namesOf;

        SpecLineParser(LoadSpec spec, RecordSource source, Configuration conf) {
            this.spec = spec;
            this.source = source;
            this.conf = conf;
            this.csv = new CsvParser(spec.delimiter());
            this.names = spec.fields();
        }

        private Parsed<List<String>> fields(String line) {
            return spec.quoted() ? csv.parseLine(line) : PlainFields.parseLine(line, spec.delimiter());
        }

        /** The field names in the first line of {@code file}, as the task reading it from its start finds them. */
        private List<String> header(Path file) {
            try (InputStream raw = file.getFileSystem(conf).open(file)) {
                CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(file);
                LineReader lines = new LineReader(codec == null ? raw : codec.createInputStream(raw), conf);
                Text first = new Text();
                lines.readLine(first);
                String line = first.toString();
                Parsed<List<String>> header = fields(line.startsWith("\uFEFF") ? line.substring(1) : line);
                return header.isRecord() ? header.record() : List.of();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the header line of " + file, e);
            }
        }

        @Override
        public Parsed<FieldRecord> parse(String line) {
            if (spec.format().equals("jsonl")) {
                return parseJson(line);
            }
            if (spec.header() && source.offset() == 0) {
                namesOf = source.file();
                names = List.of();
            } else if (spec.header() && !Objects.equals(namesOf, source.file())) {
                namesOf = source.file();
                names = namesOf == null ? List.of() : header(namesOf);
            }
            Parsed<List<String>> fields = fields(line);
            if (!fields.isRecord()) {
                return fields.isSkip() ? Parsed.skip() : Parsed.reject(fields.reason(), fields.detail());
            }
            if (spec.header() && source.offset() == 0) {
                names = fields.record();
                return Parsed.skip();
            }
            List<String> values = fields.record();
            if (values.size() != names.size()) {
                return Parsed.reject(
                        Reject.WRONG_FIELD_COUNT,
                        "expected " + names.size() + " fields " + names + ", found " + values.size());
            }
            Map<String, String> byName = new HashMap<>();
            for (int i = 0; i < names.size(); i++) {
                byName.put(names.get(i), values.get(i));
            }
            return Parsed.of(byName::get);
        }

        private static Parsed<FieldRecord> parseJson(String line) {
            if (line.isBlank()) {
                return Parsed.skip();
            }
            try {
                JsonNode n =
                        JsonText.readAsWritten(line); // one object per line: trailing text or deep nesting is BAD_JSON
                if (n == null || !n.isObject()) {
                    return Parsed.reject(Reject.BAD_JSON, "a JSON lines record must be one JSON object");
                }
                return Parsed.of(field -> {
                    JsonNode v = n.at(
                            "/" + field.replace("~", "~0").replace("/", "~1").replace('.', '/'));
                    return v.isMissingNode() || v.isNull() ? null : v.isValueNode() ? v.asText() : v.toString();
                });
            } catch (CharConversionException e) {
                return Parsed.reject(CommonReject.INVALID_UTF8, e.getMessage());
            } catch (IOException e) {
                return Parsed.reject(
                        Reject.BAD_JSON, "not JSON: " + e.getMessage().split("\n")[0]);
            }
        }
    }

    /** A mapper over Avro records (from Avro or Parquet files): each record's fields by name. */
    abstract static class AvroRecordMapper<K, V> extends LoaderMapper<K, V, FieldRecord> {
        private long index;

        @Override
        protected final RecordSchema<FieldRecord> schema(Context context) {
            return new SpecTables(LoadSpec.fromJson(context.getConfiguration().get(SPEC_JSON)));
        }

        /** Loads one record; its position in the rejects is its number within the task. */
        final void load(Context context, GenericRecord record) throws IOException, InterruptedException {
            load(context, index++, record.toString(), Parsed.of(new GenericRecordFields(record)));
        }
    }

    /** Avro files. */
    public static final class AvroSpecMapper extends AvroRecordMapper<AvroKey<GenericRecord>, NullWritable> {
        @Override
        protected void map(AvroKey<GenericRecord> key, NullWritable none, Context context)
                throws IOException, InterruptedException {
            load(context, key.datum());
        }
    }

    /** Parquet files, read as Avro records. */
    public static final class ParquetSpecMapper extends AvroRecordMapper<Void, GenericRecord> {
        @Override
        protected void map(Void key, GenericRecord record, Context context) throws IOException, InterruptedException {
            load(context, record);
        }
    }
}
