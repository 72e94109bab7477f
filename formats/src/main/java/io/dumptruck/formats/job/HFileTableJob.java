package io.dumptruck.formats.job;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.SpecException;
import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.map.MapOutputSampler;
import io.dumptruck.formats.output.CellBatch;
import io.dumptruck.formats.output.HFileTableOutputFormat;
import io.dumptruck.formats.reduce.CellCombiner;
import io.dumptruck.formats.reduce.CellFold;
import io.dumptruck.formats.reduce.CellStreamReducer;
import io.dumptruck.formats.reduce.held.HeldRows;
import io.dumptruck.formats.runtime.JobDefaults;
import io.dumptruck.formats.runtime.LocalMode;
import io.dumptruck.formats.runtime.OutputDirectory;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellKeyComparator;
import io.dumptruck.formats.shuffle.CellRun;
import io.dumptruck.formats.shuffle.RegionPartitioner;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * Sets a job up to write HFile tables — the one entry point that sets everything that has to change together, through
 * every stage of the data path:
 *
 * <pre>{@code
 * HFileTableJob.configure(job).tables(followsSpec, followedBySpec).output(dir).apply();
 * }</pre>
 *
 * The job's mapper emits cells through a {@link CellSink}; everything after the map is set here.
 */
@PublicApi
public final class HFileTableJob {
    private final Job job;
    private final List<TableSpec> tables = new ArrayList<>();
    private final Map<String, Class<? extends CellFold>> folds = new LinkedHashMap<>();
    private final Set<String> markerTables = new LinkedHashSet<>();
    private final Set<String> heldTables = new LinkedHashSet<>();
    private final Set<String> taggedTables = new LinkedHashSet<>();
    private Class<? extends HeldRows> heldRows;
    private final Map<String, TableName> live = new LinkedHashMap<>();
    private final List<LiveTables.Match> matches = new ArrayList<>();
    private Connection connection;
    private boolean matched;
    private Path output;
    private Long maxFileBytes;
    /** The job's input bytes as its caller counted them; null: listed at set-up ({@link #inputBytes()}). */
    private Long inputBytes;

    private HFileTableJob(Job job) {
        this.job = job;
    }

    /** Starts configuring {@code job} to write HFile tables; nothing changes until {@link #apply}. */
    public static HFileTableJob configure(Job job) {
        return new HFileTableJob(job);
    }

    public HFileTableJob tables(TableSpec... specs) {
        return tables(Arrays.asList(specs));
    }

    public HFileTableJob tables(List<TableSpec> specs) {
        tables.addAll(specs);
        return this;
    }

    public HFileTableJob output(Path dir) {
        this.output = dir;
        return this;
    }

    /**
     * The bytes of the job's input as the caller already counted them (a loader's listed input files), from which the
     * reducers are counted ({@link #reducers}); unset, the paths {@code FileInputFormat} names are listed at set-up.
     */
    public HFileTableJob inputBytes(long bytes) {
        this.inputBytes = bytes;
        return this;
    }

    /** Roll HFiles at the next row boundary once they hold this many bytes (default 256 MiB). */
    public HFileTableJob maxFileBytes(long bytes) {
        if (bytes < 1) {
            throw new SpecException("maxFileBytes must be positive");
        }
        this.maxFileBytes = bytes;
        return this;
    }

    /** Cells of {@code table} are computed by {@code fold} in the reducer (counters, row aggregates). */
    public HFileTableJob fold(String table, Class<? extends CellFold> fold) {
        folds.put(table, fold);
        return this;
    }

    /**
     * Cells of {@code table} may be delete markers as well as Puts ({@code CellSink.delete}): a Delete, DeleteColumn,
     * DeleteFamily or DeleteFamilyVersion is written into the HFiles as HBase writes it, to mask what it masks once
     * bulk-loaded. For a folded table it is the fold that writes markers: each value it writes leads with the cell's
     * {@code KeyValue.Type} code.
     */
    public HFileTableJob markers(String table) {
        markerTables.add(table);
        return this;
    }

    /**
     * The folded {@code table}'s cells carry HBase tags, which its fold writes: each value it writes leads with a
     * 2-byte length and that many bytes of serialized tags (after the type code, when the table has {@link #markers}).
     * Tags stay in the files and through compactions, and a client never sees them: they carry what a later fold needs
     * and the table's cells do not show (a rank, say).
     */
    public HFileTableJob tagged(String table) {
        taggedTables.add(table);
        return this;
    }

    /**
     * The folded {@code table} also folds what the live table holds: for each row the load's cells reach, the reducer
     * asks the job's {@link #heldRowsFrom HeldRows} for the row's held cells and folds them with the load's
     * ({@code HeldRowsFold}); rows the load does not touch are not written. A bulk load of the output then makes each
     * folded cell what one load of everything would write.
     */
    public HFileTableJob foldingHeldRows(String table) {
        heldTables.add(table);
        return this;
    }

    /** Where the {@link #foldingHeldRows} tables' held rows come from: one instance per reduce task. */
    public HFileTableJob heldRowsFrom(Class<? extends HeldRows> source) {
        this.heldRows = source;
        return this;
    }

    /**
     * Writes each table of {@code names} for the live HBase table it names ({@link LiveTables}): at {@link #apply}, its
     * current region start keys become the split points and its families' settings replace the spec's, read through
     * {@code connection}, which must stay open until then.
     */
    public HFileTableJob matching(Connection connection, Map<String, TableName> names) {
        this.connection = connection;
        live.putAll(names);
        return this;
    }

    /**
     * Matches the tables to the live ones now, before {@link #apply} (which otherwise does it), for a job whose set-up
     * needs to know first that they are there; once per configurator.
     *
     * @return the tables matched to live ones, with what the live tables changed
     */
    public List<LiveTables.Match> matchLive() throws IOException {
        if (!matched) {
            matchLiveTables();
            matched = true;
        }
        return List.copyOf(matches);
    }

    /** The tables matched to live ones by {@link #apply} or {@link #matchLive}, with what the live tables changed. */
    public List<LiveTables.Match> matches() {
        return List.copyOf(matches);
    }

    /**
     * Checks the tables (names, codecs available here), refuses an existing output directory or one the user may not
     * create ({@link OutputDirectory}), resolves sampled split points (running the job's own mapper over the first
     * records of a few splits: {@link MapOutputSampler}), then sets on the job: output format and committer (v1, all or
     * nothing), map output and output key/value classes ({@link CellKey}/{@link CellRun}), the raw sort and grouping
     * comparator, the region partitioner, {@link CellStreamReducer} and a reducer per region or per run of regions
     * ({@link #reducers}), and {@link CellCombiner} when a fold has a map-side combiner. A loader that needs its own
     * reducer sets it after this call; it must keep emitting cells in key order.
     */
    public Job apply() throws IOException, InterruptedException {
        if (tables.isEmpty()) {
            throw new SpecException("no tables: call HFileTableJob.configure(job).tables(spec, ...)");
        }
        if (output == null) {
            throw new SpecException("no output directory: call HFileTableJob.configure(job).output(dir)");
        }
        matchLive();
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
        for (String table : heldTables) {
            if (!folds.containsKey(table)) {
                throw new SpecException(
                        "table '" + table + "' has no fold: only a folded table folds the cells it held");
            }
        }
        if (!heldTables.isEmpty() && heldRows == null) {
            throw new SpecException(
                    "tables " + heldTables + " fold held rows: name where they come from with heldRowsFrom(...)");
        }
        for (String table : markerTables) {
            if (!names.contains(table)) {
                throw new SpecException(
                        "delete markers are declared for table '" + table + "', which the job does not write");
            }
        }
        for (String table : taggedTables) {
            if (!folds.containsKey(table)) {
                throw new SpecException("table '" + table + "' has no fold: only a fold writes tags");
            }
        }
        Configuration conf = job.getConfiguration();
        for (FormatConf key : FormatConf.values()) { // a value no task could use fails here, before any starts
            key.requireValid(conf);
        }
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
        FormatConf.OUTPUT_MARKERS.set(conf, String.join(",", markerTables));
        FormatConf.OUTPUT_HELD.set(conf, String.join(",", heldTables));
        if (heldRows != null) {
            conf.setClass(FormatConf.OUTPUT_HELD_ROWS.key(), heldRows, HeldRows.class);
        }
        FormatConf.OUTPUT_TAGGED.set(conf, String.join(",", taggedTables));
        if (FormatConf.OUTPUT_TTL_NOW.get(conf) == null) {
            FormatConf.OUTPUT_TTL_NOW.setLong(conf, System.currentTimeMillis());
        }
        job.setMapOutputKeyClass(CellKey.class);
        job.setMapOutputValueClass(CellRun.class);
        List<TableSpec> resolved = resolveSplits();
        JobTables.set(conf, resolved);
        FormatConf.OUTPUT_FILE_TOKEN.set(
                conf, UUID.randomUUID().toString().replace("-", "").substring(0, 16));
        if (maxFileBytes != null) {
            FormatConf.OUTPUT_FILE_MAX_BYTES.setLong(conf, maxFileBytes);
        }
        conf.setInt(FileOutputCommitter.FILEOUTPUTCOMMITTER_ALGORITHM_VERSION, 1);
        conf.setBoolean(
                FileOutputCommitter.SUCCESSFUL_JOB_OUTPUT_DIR_MARKER, false); // the committer marks success last
        job.setOutputFormatClass(HFileTableOutputFormat.class);
        FileOutputFormat.setOutputPath(job, output);
        job.setOutputKeyClass(NullWritable.class);
        job.setOutputValueClass(CellBatch.class);
        job.setSortComparatorClass(CellKeyComparator.class);
        job.setGroupingComparatorClass(CellKeyComparator.class);
        job.setPartitionerClass(RegionPartitioner.class);
        job.setReducerClass(CellStreamReducer.class);
        JobDefaults.keepMapOutputForTheReduce(conf);
        if (Arrays.stream(CellFold.forTables(conf)).anyMatch(f -> f != null && f.combiner() != null)) {
            job.setCombinerClass(CellCombiner.class);
        }
        job.setNumReduceTasks(reducers(conf, RegionPartitioner.partitions(resolved), this::inputBytes));
        if (FormatConf.OUTPUT_LOCALITY.getBoolean(conf)
                && "hdfs".equals(output.getFileSystem(conf).getScheme())) {
            matches.forEach(m ->
                    conf.set(FormatConf.OUTPUT_FAVORED_NODES.key() + m.spec().name(), String.join(",", m.servers())));
        }
        return job;
    }

    /**
     * How many reducers a load runs: one per {@link FormatConf#OUTPUT_REDUCER_INPUT_BYTES} of its input files (by
     * default 1 GiB on a cluster, where each task JVM costs seconds of CPU before its first record; a reducer per
     * region in local mode, where reducers are threads), at least one and never more than the tables' {@code regions}.
     * Each then takes a run of consecutive regions ({@link RegionPartitioner#reducerOf}). Input of unknown size
     * ({@code inputBytes} &lt; 0: not files, or not listed; asked for only when the share is not 0) gets a reducer per
     * region.
     */
    public static int reducers(Configuration conf, int regions, LongSupplier inputBytes) {
        FormatConf.OUTPUT_REDUCER_INPUT_BYTES.requireValid(conf);
        String set = FormatConf.OUTPUT_REDUCER_INPUT_BYTES.get(conf);
        long perReducer = set != null
                ? Long.parseLong(set.trim())
                : LocalMode.isLocal(conf) ? 0 : FormatConf.CLUSTER_REDUCER_INPUT_BYTES;
        long bytes = perReducer == 0 ? -1 : inputBytes.getAsLong();
        if (bytes < 0) {
            return regions;
        }
        long wanted = bytes / perReducer + (bytes % perReducer == 0 ? 0 : 1);
        return (int) Math.max(1, Math.min(regions, wanted));
    }

    /**
     * The bytes of the job's input: as the caller counted them ({@link #inputBytes(long)}), or else of the files the
     * paths {@code FileInputFormat} names hold as stored; -1 when it names none or they cannot be listed.
     */
    private long inputBytes() {
        if (inputBytes != null) {
            return inputBytes;
        }
        Configuration conf = job.getConfiguration();
        Path[] inputs = FileInputFormat.getInputPaths(job);
        if (inputs.length == 0) {
            return -1;
        }
        long bytes = 0;
        try {
            for (Path input : inputs) {
                FileSystem fs = input.getFileSystem(conf);
                FileStatus[] matched = fs.globStatus(input);
                if (matched == null) {
                    return -1;
                }
                for (FileStatus each : matched) {
                    bytes += fs.getContentSummary(each.getPath()).getLength();
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1; // the job's own listing at submission says what is wrong with its input
        }
        return bytes;
    }

    private void matchLiveTables() throws IOException {
        for (String table : live.keySet()) {
            if (tables.stream().noneMatch(t -> t.name().equals(table))) {
                throw new SpecException("a live table is named for '" + table + "', which the job does not write");
            }
        }
        matches.clear();
        for (int i = 0; i < tables.size(); i++) {
            TableName name = live.get(tables.get(i).name());
            if (name != null) {
                LiveTables.Match m = LiveTables.match(connection, name, tables.get(i));
                matches.add(m);
                tables.set(i, m.spec());
            }
        }
    }

    /** The tables with their split points: given ones as they are, sampled ones from the job's own map output. */
    private List<TableSpec> resolveSplits() throws IOException, InterruptedException {
        Map<String, List<byte[]>> samples = null;
        List<TableSpec> out = new ArrayList<>();
        for (TableSpec t : tables) {
            if (t.regions().needsSample()) {
                if (samples == null) {
                    samples = MapOutputSampler.sampleRows(job, tables);
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
