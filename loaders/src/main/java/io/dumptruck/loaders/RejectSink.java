package io.dumptruck.loaders;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * Rejected records, written beside the tables (never inside a table directory) as
 * {@code <output>/_rejects/part-m-NNNNN}, committed with the job. One line per reject:
 *
 * <pre>
 *   source:position TAB reason TAB detail TAB record
 * </pre>
 *
 * The record comes last, escaped so that its exact bytes can be recovered and it stays one line: {@code \\} for a
 * backslash, {@code \t}, {@code \n} and {@code \r} for a tab and the line breaks, {@code \xNN} for any other control
 * byte and for every byte that is not part of valid UTF-8; all other text as it was (UTF-8). The detail, which may
 * quote a field of the record, has its tabs and line breaks replaced by spaces.
 */
public final class RejectSink {
    static final String NAMED_OUTPUT = "rejects";
    public static final String DIRECTORY = "_rejects";

    private final MultipleOutputs<NullWritable, Text> outputs;
    private final Text line = new Text();

    public RejectSink(TaskInputOutputContext<?, ?, ?, ?> context) {
        @SuppressWarnings({"unchecked", "rawtypes"})
        MultipleOutputs<NullWritable, Text> mo = new MultipleOutputs(context);
        this.outputs = mo;
    }

    /** Declares the side output on the job; the load command calls it. */
    public static void configure(Job job) {
        MultipleOutputs.addNamedOutput(job, NAMED_OUTPUT, TextOutputFormat.class, NullWritable.class, Text.class);
    }

    public void reject(String position, Enum<?> reason, String detail, byte[] raw)
            throws IOException, InterruptedException {
        line.set(position
                + '\t'
                + reason.name()
                + '\t'
                + (detail == null
                        ? ""
                        : detail.replace('\t', ' ').replace('\n', ' ').replace('\r', ' '))
                + '\t'
                + escape(raw));
        outputs.write(NAMED_OUTPUT, NullWritable.get(), line, DIRECTORY + "/part");
    }

    /** {@code raw} as the reject file writes it (see above). */
    public static String escape(byte[] raw) {
        StringBuilder out = new StringBuilder(raw.length + 16);
        int i = 0;
        while (i < raw.length) {
            int b = raw[i] & 0xFF;
            int n = b < 0x80 ? 1 : utf8Length(raw, i);
            if (n > 1) {
                out.append(new String(raw, i, n, StandardCharsets.UTF_8));
            } else if (b == '\\') {
                out.append("\\\\");
            } else if (b == '\t') {
                out.append("\\t");
            } else if (b == '\n') {
                out.append("\\n");
            } else if (b == '\r') {
                out.append("\\r");
            } else if (b < 0x20 || b >= 0x7F) {
                out.append(String.format("\\x%02X", b));
            } else {
                out.append((char) b);
            }
            i += Math.max(n, 1);
        }
        return out.toString();
    }

    /** The length of the valid UTF-8 sequence of two to four bytes at {@code i}, else 0. */
    private static int utf8Length(byte[] b, int i) {
        int lead = b[i] & 0xFF;
        int n;
        int low = 0x80;
        int high = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            n = 2;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            n = 3;
            low = lead == 0xE0 ? 0xA0 : 0x80; // no overlong forms
            high = lead == 0xED ? 0x9F : 0xBF; // no surrogates
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            n = 4;
            low = lead == 0xF0 ? 0x90 : 0x80;
            high = lead == 0xF4 ? 0x8F : 0xBF; // nothing past U+10FFFF
        } else {
            return 0;
        }
        if (i + n > b.length) {
            return 0;
        }
        int second = b[i + 1] & 0xFF;
        if (second < low || second > high) {
            return 0;
        }
        for (int k = 2; k < n; k++) {
            if ((b[i + k] & 0xC0) != 0x80) {
                return 0;
            }
        }
        return n;
    }

    public void close() throws IOException, InterruptedException {
        outputs.close();
    }
}
