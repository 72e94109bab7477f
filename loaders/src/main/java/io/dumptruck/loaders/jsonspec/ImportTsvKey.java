package io.dumptruck.loaders.jsonspec;

import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;

/**
 * Every setting HBase 2.6.1's ImportTsv reads (from {@code ImportTsv}, its mappers {@code TsvImporterMapper} and
 * {@code TsvImporterTextMapper}, its reducers and combiner, and {@code CellCreator}), and every special column of
 * {@code importtsv.columns}, with what {@code spec from-importtsv} makes of it: {@link Fate#TRANSLATED} into the spec
 * or the load's options with the same meaning (a value it cannot carry is refused, naming the setting),
 * {@link Fate#REFUSED}, or {@link Fate#HARMLESS}: it changes nothing loaded, and a note says it is not carried. Any
 * other {@code importtsv.*} key is refused as misspelt. docs/spec-loader.md lists the same table.
 */
public enum ImportTsvKey {
    COLUMNS(
            "importtsv.columns",
            Kind.TEXT,
            Fate.TRANSLATED,
            "the input's fields in order, split at commas as ImportTsv's parser splits them: family:qualifier a cell, a"
                    + " family alone its empty qualifier; a column empty, with spaces around it (ImportTsv's tool keeps"
                    + " them, its parser drops them) or named twice (ImportTsv keeps one value) is refused"),
    SEPARATOR(
            "importtsv.separator",
            Kind.TEXT,
            Fate.TRANSLATED,
            "tsv for a tab (the default), else csv with that delimiter, always with quoting none; one byte in UTF-8, as"
                    + " ImportTsv's parser takes it, and no line break (no line holds one)"),
    BULK_OUTPUT(
            "importtsv.bulk.output",
            Kind.PATH,
            Fate.TRANSLATED,
            "--output DIR, then dumptruck bulkload DIR; without it (ImportTsv writes into the table) the command says"
                    + " --output DIR for you to choose"),
    TIMESTAMP(
            "importtsv.timestamp",
            Kind.WHOLE_NUMBER,
            Fate.TRANSLATED,
            "--timestamp, read as ImportTsv reads it (a whole number, or hex after 0x), from 0; a time before 1973 or"
                    + " days ahead, which the load takes only with --any-timestamp, gets it and a note"),
    SKIP_BAD_LINES(
            "importtsv.skip.bad.lines",
            Kind.TRUE_FALSE,
            Fate.TRANSLATED,
            "false: --max-reject-ratio 0 (a bad line fails the load); true: --max-reject-ratio 1 (any number"
                    + " skipped); left out, the load's own limit holds and a note says so"),
    SKIP_EMPTY_COLUMNS(
            "importtsv.skip.empty.columns",
            Kind.TRUE_FALSE,
            Fate.TRANSLATED,
            "true: an empty field writes no cell, as the spec loader does; false, or true with TsvImporterTextMapper"
                    + " (whose reducer does not read it), is refused: the spec loader writes no empty value (left out,"
                    + " a note says so)"),
    LOG_BAD_LINES(
            "importtsv.log.bad.lines",
            Kind.TRUE_FALSE,
            Fate.HARMLESS,
            "ImportTsv prints bad lines to the task log; the load keeps every rejected line with its reason in"
                    + " OUTPUT/_rejects"),
    DRY_RUN(
            "importtsv.dry.run",
            Kind.TRUE_FALSE,
            Fate.TRANSLATED,
            "true: load --dry-run, which checks the options, the input and the live table, prints the plan and writes"
                    + " nothing (it reads no line, where ImportTsv's dry run parses them all)"),
    MAPPER_CLASS(
            "importtsv.mapper.class",
            Kind.TEXT,
            Fate.TRANSLATED,
            "ImportTsv's own org.apache.hadoop.hbase.mapreduce.TsvImporterMapper (the default), or"
                    + " TsvImporterTextMapper with a bulk output (its reducer makes the same cells); any other mapper"
                    + " is refused: it made the cells, and a spec cannot run it"),
    JOB_NAME("mapreduce.job.name", Kind.TEXT, Fate.HARMLESS, "the MapReduce job's name"),
    CREATE_TABLE(
            "create.table",
            Kind.YES_NO,
            Fate.TRANSLATED,
            "no: the table must exist, as --live needs; yes (read with a bulk output only) is refused: the load takes"
                    + " the live table's regions and family settings, so create the table first"),
    NO_STRICT(
            "no.strict",
            Kind.TRUE_FALSE,
            Fate.TRANSLATED,
            "false: every family of importtsv.columns must be in the table, as --live checks; true (read with a bulk"
                    + " output only) is refused: the load writes only families the live table has"),
    ATTRIBUTES_SEPARATOR(
            "attributes.seperator", Kind.TEXT, Fate.HARMLESS, "defined by ImportTsv, read by nothing in HBase 2.6.1"),
    CREDENTIALS_LOCATION(
            "credentials_location",
            Kind.TEXT,
            Fate.HARMLESS,
            "a parent job's delegation tokens: how the job logs in, not what it loads (dumptruck's own login:"
                    + " docs/production.md#kerberos)"),
    SERIALIZATIONS(
            "io.serializations",
            Kind.TEXT,
            Fate.HARMLESS,
            "Hadoop's serializers, to which ImportTsv adds HBase's for a dry run"),
    TEXT_REDUCER_ROW_THRESHOLD(
            "reducer.row.threshold",
            Kind.WHOLE_NUMBER,
            Fate.HARMLESS,
            "the memory TextSortReducer gives one row's cells before it writes them"),
    PUT_REDUCER_ROW_THRESHOLD(
            "putsortreducer.row.threshold",
            Kind.WHOLE_NUMBER,
            Fate.HARMLESS,
            "the memory PutSortReducer gives one row's cells before it writes them"),
    PUT_COMBINER_ROW_THRESHOLD(
            "putcombiner.row.threshold",
            Kind.WHOLE_NUMBER,
            Fate.HARMLESS,
            "the memory PutCombiner gives one row's puts before it passes them on"),
    VISIBILITY_RESOLVER(
            "hbase.mapreduce.visibility.expression.resolver.class",
            Kind.TEXT,
            Fate.HARMLESS,
            "reads the labels of HBASE_CELL_VISIBILITY, which is refused"),
    ROW_KEY_COLUMN("HBASE_ROW_KEY", Kind.COLUMN, Fate.TRANSLATED, "the row key (exactly once)"),
    TIMESTAMP_COLUMN(
            "HBASE_TS_KEY",
            Kind.COLUMN,
            Fate.TRANSLATED,
            "the table's timestamp field, epoch milliseconds (at most once)"),
    ATTRIBUTES_COLUMN(
            "HBASE_ATTRIBUTES_KEY",
            Kind.COLUMN,
            Fate.TRANSLATED,
            "a field read and not written, as ImportTsv's mappers read it: they set no attribute (at most once)"),
    CELL_VISIBILITY_COLUMN(
            "HBASE_CELL_VISIBILITY", Kind.COLUMN, Fate.REFUSED, "dumptruck writes no visibility labels (cell tags)"),
    CELL_TTL_COLUMN(
            "HBASE_CELL_TTL",
            Kind.COLUMN,
            Fate.REFUSED,
            "dumptruck writes no per-cell TTL (cell tags): give the family a TTL (ttlSeconds in the spec's families)"
                    + " and drop the column");

    /** What {@code spec from-importtsv} makes of a setting or special column. */
    public enum Fate {
        /** Carried into the spec or the load's options with the same meaning; a value it cannot carry is refused. */
        TRANSLATED,
        /** Refused, with the reason. */
        REFUSED,
        /** Changes nothing loaded: not carried, and a note says so. */
        HARMLESS
    }

    /** How ImportTsv reads the value, and so how it is checked. */
    enum Kind {
        TEXT,
        /** A path: not empty. */
        PATH,
        /** Hadoop's {@code getLong}: trimmed, decimal or {@code 0x} hex. */
        WHOLE_NUMBER,
        /**
         * Hadoop's {@code getBoolean}: true or false in any case, trimmed; any other value, its default there, refused
         * here.
         */
        TRUE_FALSE,
        /** ImportTsv's yes or no in any case. */
        YES_NO,
        /** A special column of importtsv.columns, not a setting. */
        COLUMN
    }

    public static final String TEXT_MAPPER = "org.apache.hadoop.hbase.mapreduce.TsvImporterTextMapper";
    public static final String DEFAULT_MAPPER = "org.apache.hadoop.hbase.mapreduce.TsvImporterMapper";

    private final String key;
    private final Kind kind;
    private final Fate fate;
    private final String meaning;

    ImportTsvKey(String key, Kind kind, Fate fate, String meaning) {
        this.key = key;
        this.kind = kind;
        this.fate = fate;
        this.meaning = meaning;
    }

    /** The setting's key, or the special column's name. */
    public String key() {
        return key;
    }

    public Fate fate() {
        return fate;
    }

    /** What it becomes, why it is refused or why it changes nothing. */
    public String meaning() {
        return meaning;
    }

    Kind kind() {
        return kind;
    }

    /** True for a special column of {@code importtsv.columns}, false for a setting. */
    public boolean column() {
        return kind == Kind.COLUMN;
    }

    /** The setting {@code key} (not a special column), or null. */
    public static ImportTsvKey setting(String key) {
        for (ImportTsvKey k : values()) {
            if (!k.column() && k.key.equals(key)) {
                return k;
            }
        }
        return null;
    }

    /** The special column named {@code name} in {@code importtsv.columns}, or null. */
    static ImportTsvKey special(String name) {
        for (ImportTsvKey k : values()) {
            if (k.column() && k.key.equals(name)) {
                return k;
            }
        }
        return null;
    }

    /**
     * Checks every one of {@code settings} that ImportTsv reads as ImportTsv reads it, refusing an {@code importtsv.*}
     * key it does not read; keys that are not ImportTsv's are left alone.
     *
     * @throws IllegalArgumentException naming the setting
     */
    static void check(Map<String, String> settings) {
        new TreeMap<>(settings).forEach((key, value) -> { // in order: the same refusal first, run after run
            ImportTsvKey k = setting(key);
            if (k == null && key.startsWith("importtsv.")) {
                StringBuilder known = new StringBuilder();
                for (ImportTsvKey s : values()) {
                    if (s.key.startsWith("importtsv.")) {
                        known.append(known.isEmpty() ? "" : ", ").append(s.key);
                    }
                }
                throw new IllegalArgumentException(
                        key + " is not a setting ImportTsv reads (misspelt?); it reads " + known);
            }
            if (k != null) {
                k.read(value);
            }
        });
    }

    /**
     * The value as ImportTsv reads it (a Long, a Boolean or the text), or an IllegalArgumentException naming the key.
     */
    private Object read(String value) {
        switch (kind) {
            case WHOLE_NUMBER -> {
                Configuration c = new Configuration(false); // Hadoop's own reading, as ImportTsv's getLong
                c.set(key, value);
                try {
                    return c.getLong(key, 0);
                } catch (NumberFormatException e) {
                    throw refused(value, "a whole number", "");
                }
            }
            case TRUE_FALSE -> {
                if (!value.trim().equalsIgnoreCase("true") && !value.trim().equalsIgnoreCase("false")) {
                    throw refused(value, "true or false", " (Hadoop would read any other value as the default)");
                }
                return Boolean.valueOf(value.trim());
            }
            case YES_NO -> {
                if (!value.equalsIgnoreCase("yes") && !value.equalsIgnoreCase("no")) {
                    throw refused(value, "yes or no", " (ImportTsv would read any other value as no)");
                }
                return value.equalsIgnoreCase("yes");
            }
            case PATH -> {
                if (value.isBlank()) {
                    throw refused(value, "a directory", "");
                }
                return value;
            }
            default -> {
                return value;
            }
        }
    }

    private IllegalArgumentException refused(String value, String takes, String why) {
        return new IllegalArgumentException(key + " takes " + takes + ", got '" + value + "'" + why);
    }

    /** The true/false or yes/no given in {@code settings}, or null when not given. */
    Boolean flag(Map<String, String> settings) {
        return settings.containsKey(key) ? (Boolean) read(settings.get(key)) : null;
    }

    /** The whole number given in {@code settings}, or null when not given. */
    Long number(Map<String, String> settings) {
        return settings.containsKey(key) ? (Long) read(settings.get(key)) : null;
    }

    /** The text given in {@code settings}, or null when not given. */
    String text(Map<String, String> settings) {
        return settings.containsKey(key) ? (String) read(settings.get(key)) : null;
    }
}
