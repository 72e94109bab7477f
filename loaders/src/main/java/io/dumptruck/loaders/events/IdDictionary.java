package io.dumptruck.loaders.events;

import io.dumptruck.formats.job.JobDefaults;
import io.dumptruck.loaders.InputFiles;
import io.dumptruck.loaders.Parsed;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
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
 * The ids of the numeric layout: a first job lists the distinct host and event names (one reducer,
 * so the list comes out sorted by UTF-8 bytes), and every mapper of the load reads that list and
 * numbers each kind 1..n in that order — the same ids everywhere without coordination. Names are
 * written as {@code h<name>} and {@code e<name>}, one per line.
 */
public final class IdDictionary {
  /** Keys of the largest ids in the map {@link #read} returns. */
  public static final String MAX_HOST = "\0maxh";
  public static final String MAX_EVENT = "\0maxe";

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
        throw new IOException("listing the host and event names failed: " + job.getStatus().getFailureInfo());
      }
    } catch (ClassNotFoundException e) {
      throw new IOException(e);
    }
  }

  /** Reads the listing in {@code dir}: {@code h<host>}/{@code e<event>} → id, plus the two maxima. */
  public static Map<String, Long> read(Configuration conf, Path dir) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    FileStatus[] parts = fs.globStatus(new Path(dir, "part-*"));
    Arrays.sort(parts);
    Map<String, Long> ids = new HashMap<>();
    long hosts = 0;
    long events = 0;
    for (FileStatus part : parts) {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(fs.open(part.getPath()), StandardCharsets.UTF_8))) {
        for (String name = in.readLine(); name != null; name = in.readLine()) {
          ids.put(name, name.charAt(0) == 'h' ? ++hosts : ++events);
        }
      }
    }
    ids.put(MAX_HOST, hosts);
    ids.put(MAX_EVENT, events);
    return ids;
  }

  /**
   * Emits {@code h<host>} and {@code e<event>} of every line the load keeps. Lines are decoded as
   * strictly as the load's mapper decodes them ({@link io.dumptruck.loaders.LineLoaderMapper}): a line
   * that is not valid UTF-8 is rejected by the load, so it must add no name here (Text.toString()
   * would read it with U+FFFD for the bad bytes and give that name an id: a gap in log_types' 1..n).
   */
  public static final class NameMapper extends Mapper<LongWritable, Text, Text, NullWritable> {
    private final EventParser parser = new EventParser();
    private final Text name = new Text();
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);

    @Override
    protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
      String text;
      try {
        text = utf8.decode(ByteBuffer.wrap(line.getBytes(), 0, line.getLength())).toString();
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
    protected void reduce(Text name, Iterable<NullWritable> all, Context context) throws IOException, InterruptedException {
      context.write(name, NullWritable.get());
    }
  }
}
