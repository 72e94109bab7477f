package io.dumptruck.formats.output;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellRun;
import io.dumptruck.formats.shuffle.CellKeyComparator;
import io.dumptruck.formats.shuffle.RegionPartitioner;
import io.dumptruck.formats.spec.RegionSplits;
import io.dumptruck.formats.spec.SpecException;
import io.dumptruck.formats.spec.TableSpec;
import io.dumptruck.formats.spec.TableSpecJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.security.TokenCache;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * Writes the cells of a job into real HBase HFiles laid out as {@code <output>/<table>/<family>/<hfile>},
 * ready for {@code hbase completebulkload <output>/<table> <table>}. One job may write several
 * tables; each reducer writes one region of one table, rolling files at row boundaries.
 *
 * <p>Set a job up with {@link #configure(Job)} — the one entry point that sets everything that has to
 * change together:
 * <pre>{@code
 *   HFileTableOutputFormat.configure(job).tables(followsSpec, followedBySpec).output(dir).apply();
 * }</pre>
 * <p>It takes its output directory as a {@code FileOutputFormat} does, but is not one on purpose: for a
 * {@code FileOutputFormat} Hadoop's reduce task sums the statistics of every thread of the file system
 * before and after each record written (a row here; for one-cell rows, every cell). The bytes
 * written are counted in {@link CellCounter#HFILE_BYTES_WRITTEN} instead.
 */
public final class HFileTableOutputFormat extends OutputFormat<CellKey, CellRun> {
  private HFileTableCommitter committer;

  /** Starts configuring {@code job} to write HFile tables; nothing changes until {@link Configurator#apply}. */
  public static Configurator configure(Job job) {
    return new Configurator(job);
  }

  /** The table specs of a configured job, split points resolved. */
  public static List<TableSpec> tables(Configuration conf) {
    return TableSpecJson.listFromJson(FormatConf.OUTPUT_TABLES.require(conf,
        "Call HFileTableOutputFormat.configure(job).tables(...).apply() before submitting the job."));
  }

  @Override
  public RecordWriter<CellKey, CellRun> getRecordWriter(TaskAttemptContext context) throws IOException {
    Configuration conf = context.getConfiguration();
    Path work = ((HFileTableCommitter) getOutputCommitter(context)).getWorkPath();
    int partition = context.getTaskAttemptID().getTaskID().getId();
    String token = FormatConf.OUTPUT_FILE_TOKEN.require(conf, "Call HFileTableOutputFormat.configure(job)...apply().");
    int maxFiles = Math.min(FormatConf.HARD_MAX_FILES_PER_REGION, FormatConf.OUTPUT_MAX_FILES_PER_REGION.getInt(conf));
    return new HFileTableRecordWriter(conf, work, tables(conf), String.format("%06x", partition) + token,
        FormatConf.OUTPUT_FILE_MAX_BYTES.getLong(conf), maxFiles, context.getTaskAttemptID().toString());
  }

  @Override
  public synchronized OutputCommitter getOutputCommitter(TaskAttemptContext context) throws IOException {
    if (committer == null) {
      committer = new HFileTableCommitter(FileOutputFormat.getOutputPath(context), context);
    }
    return committer;
  }

  @Override
  public void checkOutputSpecs(JobContext job) throws IOException {
    Path out = FileOutputFormat.getOutputPath(job);
    if (out == null) {
      throw new SpecException("no output directory: call HFileTableOutputFormat.configure(job).output(dir)");
    }
    OutputDirectory.requireClaim(out, FormatConf.OUTPUT_CLAIM.get(job.getConfiguration()), job.getConfiguration());
    tables(job.getConfiguration());
    TokenCache.obtainTokensForNamenodes(job.getCredentials(), new Path[] {out}, job.getConfiguration());
  }

  /** Collects the settings of an HFile table job; {@link #apply} checks them and sets up the job. */
  public static final class Configurator {
    private final Job job;
    private final List<TableSpec> tables = new ArrayList<>();
    private Path output;
    private Long maxFileBytes;
    private RowSampler sampler;
    private final Map<String, Class<? extends CellFold>> folds = new java.util.LinkedHashMap<>();

    private Configurator(Job job) {
      this.job = job;
    }

    public Configurator tables(TableSpec... specs) {
      return tables(Arrays.asList(specs));
    }

    public Configurator tables(List<TableSpec> specs) {
      tables.addAll(specs);
      return this;
    }

    public Configurator output(Path dir) {
      this.output = dir;
      return this;
    }

    /** Roll HFiles at the next row boundary once they hold this many bytes (default 256 MiB). */
    public Configurator maxFileBytes(long bytes) {
      if (bytes < 1) {
        throw new SpecException("maxFileBytes must be positive");
      }
      this.maxFileBytes = bytes;
      return this;
    }

    /** Cells of {@code table} are computed by {@code fold} in the reducer (counters, row aggregates). */
    public Configurator fold(String table, Class<? extends CellFold> fold) {
      folds.put(table, fold);
      return this;
    }

    /**
     * Where sampled split points come from; default: {@link MapOutputSampler}, which runs the job's
     * own mapper over the first records of a few input splits.
     */
    public Configurator sampler(RowSampler s) {
      this.sampler = s;
      return this;
    }

    /**
     * Checks the tables (names, codecs available here), refuses an existing output directory or one
     * the user may not create ({@link OutputDirectory}),
     * resolves sampled split points, then sets on the job: output format and committer (v1, all or
     * nothing), map output and output key/value classes ({@link CellKey}/{@link CellRun}), the raw sort and
     * grouping comparator, the region partitioner, {@link CellStreamReducer} and one reducer per
     * region, and {@link CellCombiner} when a fold has a map-side combiner. A loader that needs its own reducer sets it after this call; it must keep emitting
     * cells in key order.
     */
    public Job apply() throws IOException, InterruptedException {
      if (tables.isEmpty()) {
        throw new SpecException("no tables: call HFileTableOutputFormat.configure(job).tables(spec, ...)");
      }
      if (output == null) {
        throw new SpecException("no output directory: call HFileTableOutputFormat.configure(job).output(dir)");
      }
      var names = new HashSet<String>();
      for (TableSpec t : tables) {
        if (!names.add(t.name())) {
          throw new SpecException("table '" + t.name() + "' is given twice");
        }
        t.checkCodecsAvailable();
      }
      for (String table : folds.keySet()) {
        if (!names.contains(table)) {
          throw new SpecException("a fold is given for table '" + table + "', which the job does not write");
        }
      }
      Configuration conf = job.getConfiguration();
      CellSink.mapBufferBytes(conf);
      String claim = FormatConf.OUTPUT_CLAIM.get(conf);
      if (OutputDirectory.claimedBy(output, claim, conf)) {
        return setUp(conf);
      }
      claim = OutputDirectory.claim(output, conf);
      FormatConf.OUTPUT_CLAIM.set(conf, claim);
      try {
        return setUp(conf);
      } catch (IOException | InterruptedException | RuntimeException e) {
        OutputDirectory.release(output, claim, conf);
        throw e;
      }
    }

    private Job setUp(Configuration conf) throws IOException, InterruptedException {
      folds.forEach((table, fold) -> conf.setClass(FormatConf.OUTPUT_FOLD_PREFIX + table, fold, CellFold.class));
      FormatConf.OUTPUT_TABLES.set(conf, TableSpecJson.toJson(tables));
      if (FormatConf.OUTPUT_TTL_NOW.get(conf) == null) {
        FormatConf.OUTPUT_TTL_NOW.setLong(conf, System.currentTimeMillis());
      }
      job.setMapOutputKeyClass(CellKey.class);
      job.setMapOutputValueClass(CellRun.class);
      List<TableSpec> resolved = resolveSplits();
      FormatConf.OUTPUT_TABLES.set(conf, TableSpecJson.toJson(resolved));
      FormatConf.OUTPUT_FILE_TOKEN.set(conf, UUID.randomUUID().toString().replace("-", "").substring(0, 16));
      if (maxFileBytes != null) {
        FormatConf.OUTPUT_FILE_MAX_BYTES.setLong(conf, maxFileBytes);
      }
      conf.setInt(FileOutputCommitter.FILEOUTPUTCOMMITTER_ALGORITHM_VERSION, 1);
      conf.setBoolean(FileOutputCommitter.SUCCESSFUL_JOB_OUTPUT_DIR_MARKER, false); // the committer marks success last
      job.setOutputFormatClass(HFileTableOutputFormat.class);
      FileOutputFormat.setOutputPath(job, output);
      job.setOutputKeyClass(CellKey.class);
      job.setOutputValueClass(CellRun.class);
      job.setSortComparatorClass(CellKeyComparator.class);
      job.setGroupingComparatorClass(CellKeyComparator.class);
      job.setPartitionerClass(RegionPartitioner.class);
      job.setReducerClass(CellStreamReducer.class);
      if (Arrays.stream(CellFold.forTables(conf)).anyMatch(f -> f != null && f.combiner() != null)) {
        job.setCombinerClass(CellCombiner.class);
      }
      job.setNumReduceTasks(RegionPartitioner.partitions(resolved));
      return job;
    }

    private List<TableSpec> resolveSplits() throws IOException, InterruptedException {
      Map<String, List<byte[]>> samples = null;
      List<TableSpec> out = new ArrayList<>();
      for (TableSpec t : tables) {
        if (t.regions().needsSample()) {
          if (samples == null) {
            samples = (sampler != null ? sampler : new MapOutputSampler()).sampleRows(job);
          }
          List<byte[]> rows = samples.getOrDefault(t.name(), List.of());
          out.add(t.withRegions(RegionSplits.fromSample(rows, t.regions().count())));
        } else {
          out.add(t.withRegions(t.regions().resolved()));
        }
      }
      return out;
    }
  }
}
