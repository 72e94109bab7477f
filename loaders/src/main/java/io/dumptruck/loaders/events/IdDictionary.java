package io.dumptruck.loaders.events;

import io.dumptruck.formats.runtime.JobDefaults;
import io.dumptruck.loaders.InputFiles;
import io.dumptruck.loaders.Parsed;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * The ids of the numeric layout: a first job lists the distinct host and event names (one reducer, so the list comes
 * out sorted by UTF-8 bytes), set-up numbers them ({@link #assign}: ids a live {@code log_types} already gives are
 * kept, the others numbered on from its largest, in that order), and every mapper of the load reads that numbering —
 * the same ids everywhere without coordination. Names are written as {@code h<name>} and {@code e<name>}.
 */
final class IdDictionary {
    /** Keys of the largest ids in the map {@link #read} returns. */
    public static final String MAX_HOST = "\0maxh";

    public static final String MAX_EVENT = "\0maxe";
    /** The file of {@link #assign}'s numbering: {@code id TAB name} per line. */
    private static final String NUMBERED = "_numbered";

    private IdDictionary() {}

    /** Runs the listing job over the inputs into {@code dir}; fails with the job's state. */
    public static void build(Configuration conf, List<Path> inputs, Path dir) throws IOException, InterruptedException {
        Job job = Job.getInstance(conf, "dumptruck load events: list host and event names");
        job.setJarByClass(IdDictionary.class);
        JobDefaults.apply(job.getConfiguration());
        job.setInputFormatClass(InputFiles.Lines.class);
        FileInputFormat.setInputPaths(job, inputs.toArray(new Path[0]));
        job.setMapperClass(NameMapper.class);
        job.setCombinerClass(DistinctReducer.class);
        job.setReducerClass(DistinctReducer.class);
        job.setNumReduceTasks(1);
        job.setMapOutputKeyClass(Text.class);
        job.setMapOutputValueClass(NullWritable.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(NullWritable.class);
        job.setOutputFormatClass(TextOutputFormat.class);
        FileOutputFormat.setOutputPath(job, dir);
        try {
            if (!job.waitForCompletion(false)) {
                throw new IOException("listing the host and event names failed: "
                        + job.getStatus().getFailureInfo());
            }
        } catch (ClassNotFoundException e) {
            throw new IOException(e);
        }
    }

    /**
     * Numbers the names the listing job found in {@code dir} and writes the numbering beside it, once, at set-up: a
     * name {@code existing} holds keeps its id (the live {@code log_types} of a matched load), and the others get the
     * next ids of their kind above the largest one there is, in name order. Without existing ids that is 1..n per kind
     * in name order.
     *
     * @param existing {@code h<host>}/{@code e<event>} → id, with {@link #MAX_HOST}/{@link #MAX_EVENT} (empty for a
     *     load not matched to a live table)
     * @return how many names kept an existing id, and how many got a new one
     */
    public static Assigned assign(Configuration conf, Path dir, Map<String, Long> existing) throws IOException {
        FileSystem fs = dir.getFileSystem(conf);
        FileStatus[] parts = fs.globStatus(new Path(dir, "part-*"));
        Arrays.sort(parts);
        long hosts = existing.getOrDefault(MAX_HOST, 0L);
        long events = existing.getOrDefault(MAX_EVENT, 0L);
        long kept = 0;
        long added = 0;
        try (Writer out = new OutputStreamWriter(fs.create(new Path(dir, NUMBERED), false), StandardCharsets.UTF_8)) {
            for (FileStatus part : parts) {
                try (BufferedReader in =
                        new BufferedReader(new InputStreamReader(fs.open(part.getPath()), StandardCharsets.UTF_8))) {
                    for (String name = in.readLine(); name != null; name = in.readLine()) {
                        Long id = existing.get(name);
                        if (id != null) {
                            kept++;
                        } else {
                            id = name.charAt(0) == 'h' ? ++hosts : ++events;
                            added++;
                        }
                        out.write(id + "\t" + name + "\n");
                    }
                }
            }
            out.write(hosts + "\t" + MAX_HOST + "\n");
            out.write(events + "\t" + MAX_EVENT + "\n");
        }
        return new Assigned(kept, added);
    }

    /**
     * The ids a live {@code log_types} table gives: {@code h<host>}/{@code e<event>} → {@code i:id}, and per kind the
     * largest of its {@code i:max} and of its ids. A table whose cells are not the 8-byte ids of docs/tables.md is
     * refused, naming the row: numbering on from it could reuse an id.
     */
    public static Map<String, Long> liveIds(Connection hbase, TableName name) throws IOException {
        Map<String, Long> ids = new HashMap<>();
        long hosts = 0;
        long events = 0;
        byte[] family = Bytes.toBytes(EventSchema.TYPES_FAMILY);
        Scan scan = new Scan().addFamily(family).setCaching(10_000);
        try (Table table = hbase.getTable(name);
                ResultScanner rows = table.getScanner(scan)) {
            for (Result r : rows) {
                byte[] row = r.getRow();
                boolean max = row.length == 2 && row[0] == 0;
                byte[] cell = r.getValue(family, max ? EventSchema.MAX : EventSchema.ID);
                if (cell == null) {
                    continue;
                }
                if (cell.length != Long.BYTES || !(max || row.length > 0 && (row[0] == 'h' || row[0] == 'e'))) {
                    throw new IllegalArgumentException(
                            "the live table " + name + " is not a log_types table: row "
                                    + Bytes.toStringBinary(row) + " holds " + cell.length
                                    + " bytes where an 8-byte id belongs (docs/tables.md); "
                                    + "match the load to the log_types table of its log_data (--live-name log_types=[NS:]NAME)");
                }
                long id = Bytes.toLong(cell);
                char kind = (char) row[max ? 1 : 0];
                if (!max) {
                    ids.put(kind + Bytes.toString(row, 1, row.length - 1), id);
                }
                if (kind == 'h') {
                    hosts = Math.max(hosts, id);
                } else {
                    events = Math.max(events, id);
                }
            }
        }
        ids.put(MAX_HOST, hosts);
        ids.put(MAX_EVENT, events);
        return ids;
    }

    /** What {@link #assign} did: names that kept the id the live table gave them, names numbered anew. */
    public record Assigned(long kept, long added) {}

    /**
     * Reads the numbering {@link #assign} wrote in {@code dir}: {@code h<host>}/{@code e<event>} → id, plus the two
     * maxima.
     */
    public static Map<String, Long> read(Configuration conf, Path dir) throws IOException {
        Path numbered = new Path(dir, NUMBERED);
        Map<String, Long> ids = new HashMap<>();
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(numbered.getFileSystem(conf).open(numbered), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                int tab = line.indexOf('\t');
                ids.put(line.substring(tab + 1), Long.parseLong(line.substring(0, tab)));
            }
        }
        return ids;
    }

    /**
     * Emits {@code h<host>} and {@code e<event>} of every line the load keeps. Lines are decoded as strictly as the
     * load's mapper decodes them ({@link io.dumptruck.loaders.LineLoaderMapper}): a line that is not valid UTF-8 is
     * rejected by the load, so it must add no name here (Text.toString() would read it with U+FFFD for the bad bytes
     * and give that name an id: a gap in log_types' 1..n).
     */
    public static final class NameMapper extends Mapper<LongWritable, Text, Text, NullWritable> {
        private final EventParser parser = new EventParser();
        private final Text name = new Text();
        private final CharsetDecoder utf8 = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);

        @Override
        protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
            String text;
            try {
                text = utf8.decode(ByteBuffer.wrap(line.getBytes(), 0, line.getLength()))
                        .toString();
            } catch (CharacterCodingException rejectedByTheLoad) {
                return;
            }
            Parsed<Event> p = parser.parse(text);
            if (p.isRecord()) {
                name.set("h" + p.record().host());
                context.write(name, NullWritable.get());
                name.set("e" + p.record().event());
                context.write(name, NullWritable.get());
            }
        }
    }

    /** Each name once. */
    public static final class DistinctReducer extends Reducer<Text, NullWritable, Text, NullWritable> {
        @Override
        protected void reduce(Text name, Iterable<NullWritable> all, Context context)
                throws IOException, InterruptedException {
            context.write(name, NullWritable.get());
        }
    }
}
