package io.dumptruck.loaders.geo;

import com.fasterxml.jackson.databind.JsonNode;
import io.dumptruck.loaders.InputFiles;
import io.dumptruck.loaders.LineBatch;
import io.dumptruck.loaders.LineBatchReader;
import io.dumptruck.loaders.text.JsonText;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * The features of a GeoJSON FeatureCollection file as (index, feature JSON) in {@link LineBatch}es, one task per file
 * (a FeatureCollection is one JSON document). A file that is not a FeatureCollection yields itself as one record, which
 * the parser then rejects — so does a file that is not exactly one JSON value (two collections back to back: the second
 * would otherwise be dropped unseen) or one nested too deep to read safely ({@link JsonText}).
 */
final class GeoJsonFeatureInputFormat extends FileInputFormat<LongWritable, LineBatch> {
    /** The files of the input paths, by {@link InputFiles}' rule. */
    @Override
    protected List<FileStatus> listStatus(JobContext job) throws IOException {
        return InputFiles.listStatus(job);
    }

    /** The bytes of a file, decompressed as its name says. */
    static byte[] read(Path path, Configuration conf) throws IOException {
        CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(path);
        try (InputStream raw = path.getFileSystem(conf).open(path);
                InputStream in = codec == null ? raw : codec.createInputStream(raw)) {
            return in.readAllBytes();
        }
    }

    /** The features of a FeatureCollection document, or null when {@code bytes} are not one. */
    static Iterator<JsonNode> features(byte[] bytes) {
        try {
            JsonNode root = JsonText.read(bytes);
            return root != null && root.path("features").isArray()
                    ? root.get("features").elements()
                    : null;
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    protected boolean isSplitable(JobContext context, Path file) {
        return false;
    }

    @Override
    public RecordReader<LongWritable, LineBatch> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new LineBatchReader(new RecordReader<LongWritable, Text>() {
            private Iterator<JsonNode> features;
            private String whole;
            private final LongWritable key = new LongWritable(-1);
            private final Text value = new Text();

            @Override
            public void initialize(InputSplit s, TaskAttemptContext c) throws IOException {
                Path path = ((FileSplit) s).getPath();
                byte[] bytes = read(path, c.getConfiguration());
                features = features(bytes);
                if (features
                        == null) { // not a FeatureCollection: handed on whole, to be rejected with the rest of the bad
                    // input
                    whole = new String(bytes, StandardCharsets.UTF_8);
                }
            }

            @Override
            public boolean nextKeyValue() {
                if (features != null && features.hasNext()) {
                    value.set(features.next().toString());
                } else if (whole != null) {
                    value.set(whole);
                    whole = null;
                } else {
                    return false;
                }
                key.set(key.get() + 1);
                return true;
            }

            @Override
            public LongWritable getCurrentKey() {
                return key;
            }

            @Override
            public Text getCurrentValue() {
                return value;
            }

            @Override
            public float getProgress() {
                return features == null || !features.hasNext() ? 1f : 0.5f;
            }

            @Override
            public void close() {}
        });
    }
}
