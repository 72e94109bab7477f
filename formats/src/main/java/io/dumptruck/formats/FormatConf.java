package io.dumptruck.formats;

/**
 * Every configuration key the storage layer reads, with its default and meaning, in one place. Keys that only carry
 * data from job set-up to the tasks are marked "internal": users set them through {@code HFileTableJob.configure(job)}
 * / {@code HFileTableInputFormat.configure(job)}.
 */
@PublicApi
public enum FormatConf implements ConfKey {
    /** internal: JSON array of the output table specs, split points resolved. */
    OUTPUT_TABLES("dumptruck.output.tables", null, "internal: the output table specs as JSON"),
    /** internal: a random hex token that keeps HFile names of different jobs apart. */
    OUTPUT_FILE_TOKEN("dumptruck.output.file.token", null, "internal: per-job HFile name token"),
    /** internal: the token of the job's claim on its output directory ({@code OutputDirectory.claim}). */
    OUTPUT_CLAIM("dumptruck.output.claim", null, "internal: the job's claim on its output directory"),
    /**
     * How long a claim on an output directory whose holder runs on another machine, and submitted no cluster job, lives
     * without being renewed (its holder renews it every 30 s): past that, a new job takes the directory over.
     */
    OUTPUT_CLAIM_LEASE_MS(
            "dumptruck.output.claim.lease.ms",
            "600000",
            "a claim on an output directory held from another machine, not renewed this long, is taken over",
            Check.wholeNumber(60_000, Long.MAX_VALUE, "milliseconds")),
    /**
     * internal: true inside a mapper the split-point sampler runs in the submitting process ({@code MapOutputSampler}).
     */
    OUTPUT_SAMPLING("dumptruck.output.sampling", "false", "internal: the mapper runs for the split-point sampler"),
    /**
     * internal: the job's set-up time (epoch ms), against which a family's TTL decides whether a cell arrives expired.
     */
    OUTPUT_TTL_NOW("dumptruck.output.ttl.now", null, "internal: the time TTLs are measured from"),
    OUTPUT_FILE_MAX_BYTES(
            "dumptruck.output.file.max.bytes",
            String.valueOf(256L << 20),
            "an HFile is rolled at the next row boundary once it holds this many bytes",
            Check.wholeNumber(1, Long.MAX_VALUE, "bytes")),
    OUTPUT_MAX_FILES_PER_REGION(
            "dumptruck.output.files.per.region.max",
            "32",
            "never more HFiles than this per family per region; the last file takes the rest (max 32)",
            Check.wholeNumber(1, FormatConf.HARD_MAX_FILES_PER_REGION, "files")),
    /** Unset: {@value #CLUSTER_REDUCER_INPUT_BYTES} bytes on a cluster, a reducer per region in local mode. */
    OUTPUT_REDUCER_INPUT_BYTES(
            "dumptruck.output.reducer.input.bytes",
            null,
            "a load runs a reducer per this many bytes of its input files, each writing a run of consecutive regions "
                    + "(never more reducers than regions; files still end at every split point); unset: 1 GiB on a cluster, "
                    + "a reducer per region in local mode; 0: a reducer per region",
            Check.wholeNumber(0, Long.MAX_VALUE, "bytes")),
    OUTPUT_MERGE_MAX_HELD_BYTES(
            "dumptruck.output.merge.held.bytes.max",
            String.valueOf(64L << 20),
            "a reducer holds at most this many bytes of records that overlap in one row, then spills them to local disk",
            Check.wholeNumber(1, Long.MAX_VALUE, "bytes")),
    /** Unset: a quarter of the map task's sort buffer ({@code mapreduce.task.io.sort.mb}). */
    OUTPUT_MAP_BUFFER_MB(
            "dumptruck.output.map.buffer.mb",
            null,
            "a load's map task sorts the cells that records put alone into a row in a buffer of this many MB (default: "
                    + "a quarter of mapreduce.task.io.sort.mb) and sends them to the shuffle in blocks of many rows; 0 sends each record on its own",
            Check.wholeNumber(0, 2047, "MB")),
    OUTPUT_LOCALITY(
            "dumptruck.output.locality",
            "true",
            "a load matched to live tables and written to HDFS writes each region's HFiles with the region's server as the favored "
                    + "node (the first replica on its host, so the region server reads them locally after the bulk load; HBase's "
                    + "hbase.bulkload.locality.sensitive.enabled); false turns it off",
            Check.TRUE_OR_FALSE),
    /**
     * internal: {@code <prefix><table>} = per region, in region order, the {@code host:port} of its region server (''
     * when unknown).
     */
    OUTPUT_FAVORED_NODES(
            "dumptruck.output.favored.",
            null,
            "internal: dumptruck.output.favored.<table> = per region, the host:port of the region server that serves it"),
    /**
     * internal: comma-separated names of the tables whose cells may be delete markers ({@code HFileTableJob.markers}).
     */
    OUTPUT_MARKERS(
            "dumptruck.output.markers",
            "",
            "internal: the tables whose cells may be delete markers (their values lead with the cell's type as the reducer gets them)"),
    /** internal: comma-separated names of the tables whose written cells carry tags ({@code HFileTableJob.tagged}). */
    OUTPUT_TAGGED(
            "dumptruck.output.tagged",
            "",
            "internal: the tables whose values lead with the cell's tags as the reducer gets them"),
    /**
     * internal: comma-separated names of the folded tables that also fold what the live table holds
     * ({@code HFileTableJob.foldingHeldRows}).
     */
    OUTPUT_HELD(
            "dumptruck.output.held",
            "",
            "internal: the folded tables whose folds also take the rows the live table holds, from the job's HeldRows"),
    /** internal: the class of the job's {@code HeldRows} ({@code HFileTableJob.heldRowsFrom}). */
    OUTPUT_HELD_ROWS(
            "dumptruck.output.held.rows",
            null,
            "internal: the HeldRows class that gives the reducers what the live tables hold"),
    /** internal: JSON array of {@code {"dir": table directory, "scan": scan spec}}, one per table read. */
    INPUT_TABLES("dumptruck.input.tables", null, "internal: the tables to read and their scans, as JSON"),
    INPUT_SPLIT_MAX_BYTES(
            "dumptruck.input.split.max.bytes",
            String.valueOf(1L << 30),
            "a region holding more bytes than this is sub-split on its block index",
            Check.wholeNumber(1, Long.MAX_VALUE, "bytes")),
    /**
     * Test only, for fault-tolerance tests: {@code map}, {@code reduce} or {@code map,reduce}. The first attempt
     * (attempt number 0) of every such task throws in its setup — a loader's mapper, the table reducer
     * ({@link InjectedFaults}) — and a retried attempt runs normally, so on YARN the job still succeeds. Local mode
     * numbers every attempt 0: there every such task fails. Never set in production.
     */
    TEST_FAIL_FIRST_ATTEMPT(
            "dumptruck.test.fail.first.attempt",
            "",
            "test only: map and/or reduce (comma-separated); the first attempt of every such task fails in setup"),
    /**
     * Test only: the reduce task of the highest partition sleeps this many milliseconds in its setup (the other
     * reducers run normally), so that a test can kill a job part way, after other reducers have written their files. 0
     * (the default) never pauses.
     */
    TEST_PAUSE_LAST_REDUCE_MS(
            "dumptruck.test.pause.last.reduce.ms",
            "0",
            "test only: the last reduce task sleeps this long in setup, so a test can kill the job part way",
            Check.wholeNumber(0, Long.MAX_VALUE, "milliseconds")),

    /** internal: {@code <prefix><table>} names the table's {@code CellFold} class. */
    OUTPUT_FOLD(
            "dumptruck.output.fold.",
            null,
            "internal: dumptruck.output.fold.<table> = the class folding the table's cells");

    /** internal: {@code <prefix><table>} names the table's {@code CellFold} class. */
    public static final String OUTPUT_FOLD_PREFIX = OUTPUT_FOLD.key();

    /**
     * HBase's bulk load refuses more than this many HFiles per family per region by default
     * ({@code hbase.mapreduce.bulkload.max.hfiles.perRegion.perFamily}).
     */
    public static final int HARD_MAX_FILES_PER_REGION = 32;

    /**
     * On a cluster, the input bytes per reducer by default ({@link #OUTPUT_REDUCER_INPUT_BYTES}): a task JVM costs a
     * few seconds of CPU before its first record, as much as a small region's whole reduce.
     */
    public static final long CLUSTER_REDUCER_INPUT_BYTES = 1L << 30;

    private final Definition definition;

    FormatConf(String key, String defaultValue, String meaning) {
        this(key, defaultValue, meaning, null);
    }

    FormatConf(String key, String defaultValue, String meaning, Check check) {
        this.definition = new Definition(key, defaultValue, meaning, check);
    }

    @Override
    public Definition definition() {
        return definition;
    }
}
