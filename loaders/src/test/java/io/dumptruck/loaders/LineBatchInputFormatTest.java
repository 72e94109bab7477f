package io.dumptruck.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link LineBatchInputFormat} hands out exactly the (offset, line) pairs of Hadoop's TextInputFormat. */
class LineBatchInputFormatTest {
    @TempDir
    Path tmp;

    /** One record as a reader gives it. */
    private record Line(long offset, String text) {}

    @Test
    void sameLinesAndOffsetsAsTextInputFormatAcrossSplitsAndBatches() throws Exception {
        Random random = new Random(3);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 5_000; i++) {
            int length = i % 1_000 == 7 ? 300_000 : random.nextInt(40); // a few lines longer than a batch
            text.append("l").append(i).append(' ').append("x".repeat(length)).append(i % 3 == 0 ? "\r\n" : "\n");
        }
        text.append("last line without a terminator");
        Path plain = tmp.resolve("lines.txt");
        Files.writeString(plain, text, StandardCharsets.UTF_8);
        Path gz = tmp.resolve("lines.txt.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        for (Path file : List.of(plain, gz)) {
            Job job = Job.getInstance(new Configuration());
            FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(file.toUri()));
            FileInputFormat.setMaxInputSplitSize(job, 1 << 20); // several splits of the plain file
            List<Line> expected = read(job, new TextInputFormat());
            List<Line> batched = read(job, new LineBatchInputFormat());
            assertEquals(5_001, expected.size());
            assertEquals(expected, batched, file.getFileName().toString());
        }
    }

    @Test
    void batchesAreCappedByRecordsAndBytesAndSurviveWritable() throws Exception {
        LineBatch batch = new LineBatch();
        for (int i = 0; i < LineBatch.MAX_RECORDS; i++) {
            assertFalse(batch.isFull());
            batch.add(i * 10L, new Text("r" + i));
        }
        assertTrue(batch.isFull());
        assertThrows(IllegalStateException.class, () -> batch.add(0, new Text("one too many")));
        LineBatch big = new LineBatch();
        big.add(5, new Text("y".repeat(LineBatch.MAX_BYTES + 1)));
        assertTrue(big.isFull(), "one record larger than the cap fills a batch");

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        batch.write(new DataOutputStream(bytes));
        LineBatch copy = new LineBatch();
        copy.add(99, new Text("overwritten"));
        copy.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(lines(batch), lines(copy));
    }

    private static List<Line> lines(LineBatch batch) {
        List<Line> out = new ArrayList<>();
        for (int i = 0; i < batch.records(); i++) {
            out.add(new Line(
                    batch.offset(i),
                    new String(batch.bytes(), batch.start(i), batch.length(i), StandardCharsets.UTF_8)));
        }
        return out;
    }

    /** Every record of every split, in split order; batches unpacked. */
    private static List<Line> read(Job job, InputFormat<LongWritable, ?> format) throws Exception {
        List<Line> out = new ArrayList<>();
        for (InputSplit split : format.getSplits(job)) {
            TaskAttemptContext context = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
            try (RecordReader<LongWritable, ?> reader = format.createRecordReader(split, context)) {
                reader.initialize(split, context);
                while (reader.nextKeyValue()) {
                    Object value = reader.getCurrentValue();
                    if (value instanceof LineBatch batch) {
                        assertEquals(batch.offset(0), reader.getCurrentKey().get());
                        out.addAll(lines(batch));
                    } else {
                        out.add(new Line(reader.getCurrentKey().get(), value.toString()));
                    }
                }
            }
        }
        return out;
    }
}
