package io.dumptruck.loaders;

import io.dumptruck.formats.CellCounter;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.job.JobDefaults;
import io.dumptruck.formats.job.JobFailure;
import io.dumptruck.formats.job.JobStopHook;
import io.dumptruck.formats.job.LiveTables;
import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.output.OutputDirectory;
import io.dumptruck.formats.read.SnapshotDirs;
import io.dumptruck.formats.reduce.CellConflicts;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.WrittenBy;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.SnapshotDescription;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.util.ShutdownHookManager;
import org.slf4j.LoggerFactory;

/**
 * Runs a {@link Loader}: {@link #prepare} checks the options and inputs and sets the job up (all
 * before any task starts); after the job, {@link #finish} turns its counters into a {@link Report} and
 * enforces the reject limit — past it the tables are deleted (the rejects stay, to look at) and the
 * load fails.
 */
public final class LoadJob {
  private LoadJob() {}

  /** The figures of a finished load; {@code file} is its {@link LoadReportFile} (null when none was written). */
  public record Report(long read, long loaded, long rejected, long skipped, Map<String, Long> rejectReasons,
      List<TableFigures> tables, Path rejects, CellsDropped dropped, String failure, Path file) {
    public boolean failed() {
      return failure != null;
    }

    /** This report, written to {@code file} ({@link LoadReportFile}). */
    Report writtenTo(Path file) {
      return new Report(read, loaded, rejected, skipped, rejectReasons, tables, rejects, dropped, failure, file);
    }
  }

  /**
   * Cells that shared a whole key with another of the load ({@link CellConflicts}): exact copies, and
   * cells whose value lost to a greater one, listed in {@code conflicts} (null when there are none).
   */
  public record CellsDropped(long duplicates, long conflicting, Path conflicts) {}

  /** Rows, cells, files and bytes written for one table, and how many of the cells are delete markers. */
  public record TableFigures(String table, long rows, long cells, long files, long bytes, long markers) {}

  /**
   * Checks the inputs (each matches a file) and the tables, then claims the output directory
   * ({@link OutputDirectory#claim}: new, creatable, and this job's alone), then sets the job up;
   * every refusal happens here, before any task starts, and a refusal after the claim removes the
   * directory again.
   */
  public static Job prepare(Configuration conf, Loader loader, LoadOptions options) throws IOException, InterruptedException {
    long preparedAt = System.currentTimeMillis();
    LoaderConf.folds(conf); // a bad value is refused before anything else
    InputFiles inputs = checkInputs(conf, options);
    OutputDirectory.refuseInside(options.output(), options.inputs(),
        "the output directory would be read as input by the next load of that input", conf);
    OutputDirectory.checkNew(options.output(), conf);
    WrittenBy writtenBy = writtenBy(loader, options); // each table's _spec.json says what wrote it
    List<TableSpec> tables = loader.tables(conf, options).stream().map(t -> t.withWrittenBy(writtenBy)).toList();
    Job job = Job.getInstance(conf, "dumptruck load " + loader.name());
    String claim = OutputDirectory.claim(options.output(), conf);
    FormatConf.OUTPUT_CLAIM.set(job.getConfiguration(), claim);
    job.getConfiguration().setInt(LoaderConf.INPUT_FILES.key(), inputs.files().size());
    job.getConfiguration().setLong(LoaderConf.INPUT_BYTES.key(), inputs.files().stream().mapToLong(FileStatus::getLen).sum());
    job.getConfiguration().setLong(LoaderConf.PREPARED_AT.key(), preparedAt);
    if (!inputs.skipped().isEmpty()) {
      job.getConfiguration().set(LoaderConf.INPUT_SKIPPED.key(), inputs.skipped().size() + " (" + examples(inputs.skipped()) + ")");
    }
    Runnable releaseOnStop = () -> release(options.output(), claim, conf); // set-up may read the input (samples, dictionaries)
    ShutdownHookManager.get().addShutdownHook(releaseOnStop, JobStopHook.PRIORITY);
    try {
      return setUp(job, loader, options, tables);
    } catch (IOException | InterruptedException | RuntimeException e) {
      release(options.output(), claim, conf);
      throw e;
    } finally {
      try {
        ShutdownHookManager.get().removeShutdownHook(releaseOnStop);
      } catch (IllegalStateException stopping) {
        // the JVM is stopping: the hook releases the claim
      }
    }
  }

  /**
   * Lists the inputs and refuses, before anything else, inputs that name no file or only hidden ones,
   * a file the user may not read, and a file compressed with a codec this installation lacks.
   */
  static InputFiles checkInputs(Configuration conf, LoadOptions options) throws IOException {
    InputFiles inputs = InputFiles.of(options.inputs(), conf);
    if (inputs.files().isEmpty()) {
      throw new FileNotFoundException("no file to read in " + options.inputs() + (inputs.skipped().isEmpty() ? ""
          : ": only hidden files, whose names start with _ or . (" + examples(inputs.skipped()) + "); name one to read it"));
    }
    Set<Class<?>> codecsChecked = new HashSet<>();
    CompressionCodecFactory factory = new CompressionCodecFactory(conf);
    for (FileStatus file : inputs.files()) {
      refuseUnreadable(file.getPath().getFileSystem(conf), file);
      CompressionCodec codec = factory.getCodec(file.getPath());
      if (codec != null && codecsChecked.add(codec.getClass())) {
        refuseUnusable(codec, file.getPath());
      }
    }
    return inputs;
  }

  /** Deletes the claimed output of a load that will not run; a failure to do so is logged, not thrown over the first. */
  private static void release(Path output, String claim, Configuration conf) {
    try {
      OutputDirectory.release(output, claim, conf);
    } catch (IOException e) {
      LoggerFactory.getLogger(LoadJob.class).warn("could not delete the output directory {} again: {}", output, e.getMessage());
    }
  }

  private static Job setUp(Job job, Loader loader, LoadOptions options, List<TableSpec> tables) throws IOException, InterruptedException {
    job.setJarByClass(LoadJob.class);
    Configuration jc = job.getConfiguration();
    JobDefaults.apply(jc);
    jc.setLong(LoaderConf.LOAD_TIMESTAMP.key(), options.timestamp());
    options.extra().forEach((k, v) -> jc.set(LoaderConf.OPTION_PREFIX.key() + k, v));
    job.setInputFormatClass(LineBatchInputFormat.class);
    for (Path input : options.inputs()) {
      FileInputFormat.addInputPath(job, input);
    }
    RejectSink.configure(job);
    HFileTableJob output = HFileTableJob.configure(job).tables(tables).output(options.output());
    if (options.live() == null) {
      configure(job, loader, options, output, null);
      return job;
    }
    try (Connection hbase = ConnectionFactory.createConnection(liveConf(jc))) {
      output.matching(hbase, options.live().of(tables.stream().map(TableSpec::name).toList())).matchLive();
      configure(job, loader, options, output, hbase);
    }
    Matched.set(jc, output.matches());
    if (output.matches().stream().anyMatch(m -> jc.get(FormatConf.OUTPUT_FAVORED_NODES.key() + m.spec().name()) != null)) {
      LoaderConf.addSummaryLine(jc, "each region's HFiles favor its region server's host for their blocks (locality after the bulk "
          + "load; -D " + FormatConf.OUTPUT_LOCALITY.key() + "=false turns it off)");
    }
    return job;
  }

  /**
   * A table of the load matched to a live one: what the summary and the report say of it.
   *
   * @param overrides per family whose settings the live table changed: {@code family: setting a → b, …}
   */
  public record Matched(String table, String live, int regions, List<String> overrides) {
    private static final String SEPARATOR = "\t";

    /** One line of the summary: {@code follows ← live:follows: 12 region(s); f: compression NONE → GZ, …}. */
    public String describe() {
      return table + " ← " + live + ": " + regions + " region(s)"
          + (overrides.isEmpty() ? ", the load's family settings" : "; " + String.join("; ", overrides));
    }

    static void set(Configuration conf, List<LiveTables.Match> matches) {
      conf.set(LoaderConf.LIVE_MATCHED.key(), String.join("\n", matches.stream().map(m -> {
        List<String> fields = new ArrayList<>(List.of(m.spec().name(), m.name().getNameWithNamespaceInclAsString(),
            String.valueOf(m.regions())));
        fields.addAll(m.overrides());
        return String.join(SEPARATOR, fields);
      }).toList()));
    }

    /** The tables a prepared load was matched to (none when it was not). */
    public static List<Matched> of(Configuration conf) {
      List<Matched> out = new ArrayList<>();
      String text = conf.get(LoaderConf.LIVE_MATCHED.key(), "");
      for (String line : text.isEmpty() ? new String[0] : text.split("\n")) {
        String[] f = line.split(SEPARATOR);
        out.add(new Matched(f[0], f[1], Integer.parseInt(f[2]), List.of(f).subList(3, f.length)));
      }
      return out;
    }
  }

  private static void configure(Job job, Loader loader, LoadOptions options, HFileTableJob output, Connection live)
      throws IOException, InterruptedException {
    loader.beforeLoad(job, options, live);
    loader.configure(job, options, output);
    HeldState.Plan plan = loader.heldState(options);
    if (live != null && plan != null && LoaderConf.folds(job.getConfiguration())) {
      readHeldState(options, output, job.getConfiguration(), live, plan);
    }
    try {
      output.apply();
    } catch (IOException | InterruptedException | RuntimeException e) {
      deleteHeldSnapshots(job.getConfiguration());
      throw e;
    }
    if (CellSink.mapBufferBytes(job.getConfiguration()) > 0) {
      // LoaderMapper's sink puts every cell of a folded table into its blocks and runs the fold's
      // combiner as it cuts them: Hadoop's combiner would only pass each map output record on
      job.getConfiguration().unset(MRJobConfig.COMBINE_CLASS_ATTR);
    }
  }

  /**
   * Folding into the live tables: snapshots each table the plan reads (HBase's own snapshot, taken
   * now, deleted when the load finishes), which the reducers of the plan's folded tables read the
   * touched rows of ({@link SnapshotHeldRows}) to fold with the input's cells; only the rows the input
   * touches are written.
   */
  private static void readHeldState(LoadOptions options, HFileTableJob output, Configuration conf, Connection live, HeldState.Plan plan)
      throws IOException {
    SnapshotDirs.root(conf, "folding into the live tables (it reads snapshots of them)");
    List<String> readers = new ArrayList<>();
    List<String> dirs = new ArrayList<>();
    List<String> taken = new ArrayList<>();
    List<String> names = new ArrayList<>();
    try (Admin admin = live.getAdmin()) {
      for (var reader : plan.readers().entrySet()) {
        LiveTables.Match match = output.matches().stream().filter(m -> m.spec().name().equals(reader.getKey())).findFirst()
            .orElseThrow(() -> new IllegalStateException("table " + reader.getKey() + " is not matched to a live table"));
        String pinned = conf.get(LoaderConf.HELD_SNAPSHOT.key() + reader.getKey());
        String name = pinned;
        List<String> left = admin.listSnapshots(Pattern.compile(Pattern.quote(HELD_SNAPSHOT_PREFIX + reader.getKey() + "-") + ".*"))
            .stream().map(SnapshotDescription::getName).filter(n -> !n.equals(pinned)).toList();
        if (!left.isEmpty()) {
          LoaderConf.addSummaryLine(conf, "snapshot(s) " + String.join(", ", left) + " of " + match.name() + " were left by "
              + "earlier loads (killed before they could delete them?): delete them (HBase shell: delete_snapshot 'NAME') once "
              + "no load runs");
        }
        if (name == null) {
          name = HELD_SNAPSHOT_PREFIX + reader.getKey() + "-" + options.timestamp() + "-" + UUID.randomUUID().toString().substring(0, 8);
          admin.snapshot(name, match.name());
          taken.add(name);
          LoaderConf.HELD_SNAPSHOTS.set(conf, String.join(",", taken)); // deleted by whatever ends the load, from now on
        }
        try {
          dirs.add(SnapshotDirs.existing(conf, name).toString());
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(e.getMessage() + " to fold " + reader.getKey() + " from (" + LoaderConf.HELD_SNAPSHOT.key()
              + reader.getKey() + "): name an existing snapshot of " + match.name(), e);
        }
        names.add(name);
        readers.add(reader.getValue().getName());
      }
    } catch (IOException | RuntimeException e) {
      deleteHeldSnapshots(conf);
      throw e;
    }
    LoaderConf.HELD_READERS.set(conf, String.join(",", readers));
    LoaderConf.HELD_DIRS.set(conf, String.join(",", dirs));
    Set<String> folded = plan.folded();
    folded.forEach(output::foldingHeldRows);
    output.heldRowsFrom(SnapshotHeldRows.class);
    LoaderConf.addSummaryLine(conf, "folded into the live tables: " + String.join(", ", folded)
        + ", with what snapshot(s) " + String.join(", ", names) + " hold; only the rows this input touches are written");
  }

  /** The names of the snapshots a load takes of the tables it folds into start with this, then the table's name and "-". */
  static final String HELD_SNAPSHOT_PREFIX = "dumptruck-";

  /** Deletes the snapshots a held-state load took at set-up; a failure is logged (the snapshot stays), not thrown. */
  static void deleteHeldSnapshots(Configuration conf) {
    String taken = LoaderConf.HELD_SNAPSHOTS.get(conf);
    if (taken.isEmpty()) {
      return;
    }
    try (Connection c = ConnectionFactory.createConnection(liveConf(conf)); Admin admin = c.getAdmin()) {
      for (String name : taken.split(",")) {
        admin.deleteSnapshot(name);
      }
    } catch (IOException e) {
      LoggerFactory.getLogger(LoadJob.class).warn("could not delete the snapshot(s) {} the load took: {}", taken, e.getMessage());
    }
  }

  /** HBase's configuration for reading the live tables at set-up: a cluster that is not there fails in seconds, not minutes. */
  static Configuration liveConf(Configuration conf) {
    Configuration hbase = HBaseConfiguration.create(conf);
    hbase.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, LoaderConf.LIVE_RETRIES.getInt(conf));
    hbase.setInt("zookeeper.recovery.retry", 1);
    return hbase;
  }

  /**
   * Refuses an input whose name says it is compressed with a codec this installation cannot read (no
   * native zstd, no lz4 library), before any task tries.
   */
  private static void refuseUnusable(CompressionCodec codec, Path file) {
    try {
      codec.createInputStream(new ByteArrayInputStream(new byte[0])).close();
    } catch (IOException readable) {
      // the codec works: there was just nothing to read
    } catch (RuntimeException | LinkageError e) {
      throw new IllegalArgumentException("input " + file + " is " + codec.getClass().getSimpleName().replace("Codec", "")
          + "-compressed by its name (" + codec.getDefaultExtension() + "), which cannot be read here (" + e
          + "); decompress it first, or rename it if it is not compressed");
    }
  }

  /** The loader and its options as given, a file option by the file's name ({@link Loader#fileOptions}). */
  static WrittenBy writtenBy(Loader loader, LoadOptions options) {
    Map<String, String> given = new TreeMap<>(options.extra());
    given.replaceAll((name, value) -> loader.fileOptions().contains(name) ? value.substring(value.lastIndexOf('/') + 1) : value);
    return new WrittenBy(loader.name(), given);
  }

  /** A few of {@code paths}, for a message. */
  private static String examples(List<Path> paths) {
    return String.join(", ", paths.stream().limit(3).map(Path::toString).toList()) + (paths.size() > 3 ? ", …" : "");
  }

  /**
   * Refuses an input file the user may not read now rather than in a task. HDFS answers with its own
   * permission check; the local file system asks the operating system.
   */
  private static void refuseUnreadable(FileSystem fs, FileStatus s) throws IOException {
    if (!readable(fs, s)) {
      throw new AccessControlException("cannot read input " + s.getPath() + ": user "
          + UserGroupInformation.getCurrentUser().getShortUserName() + " may not read this file"
          + " (owned by " + s.getOwner() + ", " + s.getPermission() + "); give an input you can read");
    }
  }

  /** Whether the user may read the input file {@code s} (directories are listed by {@link InputFiles}). */
  private static boolean readable(FileSystem fs, FileStatus s) throws IOException {
    if ("file".equals(fs.getScheme())) {
      return Files.isReadable(new File(s.getPath().toUri().getPath()).toPath());
    }
    try {
      fs.access(s.getPath(), FsAction.READ);
      return true;
    } catch (AccessControlException e) {
      return false;
    }
  }

  /** The report of a completed job; enforces {@code maxRejectRatio} on a successful one. */
  public static Report finish(Loader loader, Job job, LoadOptions options) throws IOException {
    loader.afterLoad(job);
    deleteHeldSnapshots(job.getConfiguration());
    Counters c = job.getCounters();
    long read = c.findCounter(LoadCounter.RECORDS_READ).getValue();
    long loaded = c.findCounter(LoadCounter.RECORDS_LOADED).getValue();
    long rejected = c.findCounter(LoadCounter.RECORDS_REJECTED).getValue();
    long skipped = c.findCounter(LoadCounter.LINES_SKIPPED).getValue();
    Map<String, Long> reasons = new LinkedHashMap<>();
    CounterGroup group = c.getGroup(LoadCounter.REASON_GROUP);
    group.forEach(counter -> reasons.put(counter.getName(), counter.getValue()));
    List<TableFigures> tables = new ArrayList<>();
    for (TableSpec t : JobTables.of(job.getConfiguration())) {
      io.dumptruck.formats.output.TableFigures f = io.dumptruck.formats.output.TableFigures.of(new Path(options.output(), t.name()),
          job.getConfiguration());
      tables.add(new TableFigures(t.name(), f.rows(), f.cells(), f.files(), f.bytes(), f.markers()));
    }
    Path rejects = new Path(options.output(), RejectSink.DIRECTORY);
    String failure = null;
    if (!job.isSuccessful()) {
      String reason = JobFailure.reason(job);
      failure = "the load job " + (killed(job) ? "was killed" : "failed")
          + (reason == null ? " (the task's error is logged above)" : ": " + reason) + "; " + leftBehind(job, options.output());
    } else if (read > 0 && rejected > options.maxRejectRatio() * read) {
      failure = String.format("rejected %d of %d records (%.2f%%), more than --max-reject-ratio %s; the tables were "
          + "deleted, the rejects are in %s", rejected, read, 100.0 * rejected / read, options.maxRejectRatio(), rejects);
      deleteTables(job, options.output());
    }
    long conflicting = c.findCounter(CellCounter.CONFLICTING_CELLS_DROPPED).getValue();
    CellsDropped dropped = new CellsDropped(c.findCounter(CellCounter.DUPLICATE_CELLS_DROPPED).getValue(), conflicting,
        conflicting > 0 ? new Path(options.output(), CellConflicts.DIRECTORY) : null);
    Report report = new Report(read, loaded, rejected, skipped, reasons, tables, rejected > 0 ? rejects : null, dropped, failure, null);
    if (job.isSuccessful() && options.output().getFileSystem(job.getConfiguration()).exists(options.output())) {
      report = report.writtenTo(LoadReportFile.write(loader, options, report, job.getConfiguration()));
    }
    return report;
  }

  /**
   * What a failed job left at {@code output}, as the file system says: nothing (the committer of a
   * job that did not commit deletes its output), or what is there.
   */
  private static String leftBehind(Job job, Path output) throws IOException {
    Configuration conf = job.getConfiguration();
    FileSystem fs = output.getFileSystem(conf);
    if (!fs.exists(output) || OutputDirectory.release(output, FormatConf.OUTPUT_CLAIM.get(conf), conf)) {
      return "nothing was written to " + output;
    }
    return fs.exists(new Path(output, "_SUCCESS")) ? output + " holds a complete output (_SUCCESS) all the same"
        : output + " was left as it is: it is not this job's output";
  }

  private static boolean killed(Job job) throws IOException {
    try {
      return job.getJobState() == JobStatus.State.KILLED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static void deleteTables(Job job, Path output) throws IOException {
    FileSystem fs = output.getFileSystem(job.getConfiguration());
    for (TableSpec t : JobTables.of(job.getConfiguration())) {
      fs.delete(new Path(output, t.name()), true);
    }
    fs.delete(new Path(output, "_SUCCESS"), false);
  }
}
