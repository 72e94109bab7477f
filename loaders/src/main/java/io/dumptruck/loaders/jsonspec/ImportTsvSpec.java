package io.dumptruck.loaders.jsonspec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;

/**
 * An HBase {@code ImportTsv} command line — its settings and its table — as the spec loader's spec, named after the
 * table's name (without its namespace), the whole option list of the {@code dumptruck load spec} command that does the
 * same load ({@code --output DIR} when ImportTsv had no bulk output), and notes on what the two do differently. Every
 * setting ImportTsv reads is translated with the same meaning, refused, or noted as changing nothing loaded, as
 * {@link ImportTsvKey} lists; a value is checked here as ImportTsv reads it, never first at load time. A setting left
 * out is ImportTsv's default: where the load's own default differs, a note says so.
 *
 * <p>The columns keep ImportTsv's names as field names ({@code HBASE_ROW_KEY}, {@code d:c1}), in order; the input is
 * read by ImportTsv's rules ({@code "quoting": "none"}), so large files split across map tasks as they did there.
 */
public record ImportTsvSpec(String tableName, String json, List<String> loadOptions, List<String> notes) {
    public static final String ROW_KEY = ImportTsvKey.ROW_KEY_COLUMN.key();

    public static final String TIMESTAMP = ImportTsvKey.TIMESTAMP_COLUMN.key();

    /** The load's output directory: ImportTsv's bulk output, or {@code DIR} for the user to fill in. */
    public String output() {
        return loadOptions.get(loadOptions.indexOf("--output") + 1);
    }

    /** The load's {@code --timestamp}, or null when ImportTsv had none (the load's time, as ImportTsv's). */
    public Long timestamp() {
        int i = loadOptions.indexOf("--timestamp");
        return i < 0 ? null : Long.valueOf(loadOptions.get(i + 1));
    }

    /** True when the load is a dry run ({@code importtsv.dry.run=true}): it writes nothing to bulk-load. */
    public boolean dryRun() {
        return loadOptions.contains("--dry-run");
    }

    /**
     * Translates {@code settings} (ImportTsv's {@code -D} keys and values; keys that are not ImportTsv's are not read)
     * for table {@code table} ({@code [NS:]NAME}).
     *
     * @throws IllegalArgumentException naming the setting to fix, as ImportTsv would refuse it or as the load cannot do
     *     the same
     */
    public static ImportTsvSpec of(Map<String, String> settings, String table) {
        ImportTsvKey.check(settings);
        String bulkOutput = ImportTsvKey.BULK_OUTPUT.text(settings);
        String mapper = ImportTsvKey.MAPPER_CLASS.text(settings);
        boolean textMapper = ImportTsvKey.TEXT_MAPPER.equals(mapper);
        if (mapper != null && !textMapper && !mapper.equals(ImportTsvKey.DEFAULT_MAPPER)) {
            throw new IllegalArgumentException("importtsv.mapper.class=" + mapper + ": that mapper made the cells, and "
                    + "a spec cannot run it; describe what it does in a spec (docs/spec-loader.md), or drop the setting "
                    + "for ImportTsv's own");
        }
        if (textMapper && bulkOutput == null) {
            throw new IllegalArgumentException("importtsv.mapper.class=" + mapper + " takes importtsv.bulk.output, "
                    + "as ImportTsv has it (it writes no table directly)");
        }
        char delimiter = separator(settings);
        String columnsText = ImportTsvKey.COLUMNS.text(settings);
        if (columnsText == null || columnsText.isEmpty()) {
            throw new IllegalArgumentException(
                    "give ImportTsv's columns: -Dimporttsv.columns=HBASE_ROW_KEY,family:qualifier,…");
        }
        String[] columns = columnsText.split(",", -1);
        String timestampField = null;
        Set<ImportTsvKey> specials = new LinkedHashSet<>();
        Set<String> families = new LinkedHashSet<>();
        Set<String> cellColumns = new LinkedHashSet<>();
        ObjectMapper json = new ObjectMapper();
        ArrayNode cells = json.createArrayNode();
        for (int i = 0; i < columns.length; i++) {
            String column = columns[i];
            if (column.isEmpty()) {
                throw new IllegalArgumentException("importtsv.columns: column " + (i + 1) + " of " + columns.length
                        + " is empty (two commas in a row, or one at an end?)");
            }
            if (trimmed(column.charAt(0)) || trimmed(column.charAt(column.length() - 1))) {
                throw new IllegalArgumentException("importtsv.columns: '" + column + "' has spaces around it, which "
                        + "ImportTsv's tool keeps and its parser drops; write it without");
            }
            ImportTsvKey special = ImportTsvKey.special(column);
            if (special != null) {
                if (special.fate() == ImportTsvKey.Fate.REFUSED) {
                    throw new IllegalArgumentException(column + " in importtsv.columns: " + special.meaning());
                }
                if (!specials.add(special)) {
                    throw new IllegalArgumentException(
                            "importtsv.columns names " + column + " twice: " + special.meaning());
                }
                if (special == ImportTsvKey.TIMESTAMP_COLUMN) {
                    timestampField = column;
                }
                continue; // the row key is the table's rowKey; HBASE_ATTRIBUTES_KEY is a field, no cell
            }
            int colon = column.indexOf(':');
            if (colon < 0 && column.startsWith("HBASE_")) {
                throw new IllegalArgumentException("importtsv.columns: '" + column + "' is none of ImportTsv's special "
                        + "columns (HBASE_ROW_KEY, HBASE_TS_KEY, …) and would be a family; misspelt?");
            }
            String family = colon < 0 ? column : column.substring(0, colon);
            String qualifier = colon < 0 ? "" : column.substring(colon + 1);
            if (family.isEmpty()) {
                throw new IllegalArgumentException("importtsv.columns: '" + column + "' has no family");
            }
            if (!cellColumns.add(family + ":" + qualifier)) {
                throw new IllegalArgumentException("importtsv.columns names '" + family + ":" + qualifier
                        + "' twice: ImportTsv would keep one of the two values");
            }
            ObjectNode cell = cells.addObject();
            // the spec reads a column's qualifier in the HBase shell's notation: a backslash is written \x5C
            cell.put("column", family + ":" + qualifier.replace("\\", "\\x5C"));
            cell.put("field", column);
            families.add(family);
        }
        if (!specials.contains(ImportTsvKey.ROW_KEY_COLUMN)) {
            throw new IllegalArgumentException(
                    "importtsv.columns must name the row key column HBASE_ROW_KEY exactly once");
        }
        if (cells.isEmpty()) {
            throw new IllegalArgumentException(
                    "importtsv.columns needs a family:qualifier column besides the row key and the timestamp");
        }
        TableName tableName;
        try {
            tableName = TableName.valueOf(table);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + table + "' is not an HBase table name: " + e.getMessage(), e);
        }
        if (tableName.isSystemTable()) {
            throw new IllegalArgumentException(table + " is a table of HBase's own namespace: name a user table");
        }
        String name = tableName.getQualifierAsString();

        List<String> notes = new ArrayList<>();
        List<String> options = new ArrayList<>(List.of("--output", bulkOutput == null ? "DIR" : bulkOutput, "--live"));
        if (table.contains(":")) {
            options.addAll(List.of("--namespace", table.substring(0, table.indexOf(':'))));
        }
        Long timestamp = ImportTsvKey.TIMESTAMP.number(settings);
        if (timestamp != null) {
            if (timestamp < 0) {
                throw new IllegalArgumentException(
                        "importtsv.timestamp=" + timestamp + " is before 1970: the load takes a time from 0");
            }
            options.addAll(List.of("--timestamp", Long.toString(timestamp)));
        }
        Boolean skipBadLines = ImportTsvKey.SKIP_BAD_LINES.flag(settings);
        if (skipBadLines == null) {
            notes.add("ImportTsv skips any number of bad lines (importtsv.skip.bad.lines is true by default); the load "
                    + "fails past its --max-reject-ratio: give -Dimporttsv.skip.bad.lines=true for ImportTsv's way");
        } else {
            options.addAll(List.of("--max-reject-ratio", skipBadLines ? "1" : "0"));
        }
        Boolean skipEmpty = ImportTsvKey.SKIP_EMPTY_COLUMNS.flag(settings);
        if (Boolean.FALSE.equals(skipEmpty)) {
            throw new IllegalArgumentException("importtsv.skip.empty.columns=false writes an empty field as an empty "
                    + "value, which the spec loader never writes (an empty field writes no cell); set it to true to "
                    + "load that way");
        }
        if (Boolean.TRUE.equals(skipEmpty) && textMapper) {
            throw new IllegalArgumentException("importtsv.skip.empty.columns=true is not read by "
                    + "TsvImporterTextMapper's reducer, which writes an empty field as an empty value, as the spec "
                    + "loader never does; drop importtsv.mapper.class to skip empty fields");
        }
        if (skipEmpty == null) {
            notes.add("an empty field writes no cell, as importtsv.skip.empty.columns=true has it (ImportTsv's default "
                    + "writes an empty value)");
        }
        if (Boolean.TRUE.equals(ImportTsvKey.DRY_RUN.flag(settings))) {
            options.add("--dry-run");
            notes.add("importtsv.dry.run=true: load --dry-run checks the options, the input and the live table and "
                    + "prints the plan; it reads no line (ImportTsv's dry run parses them all)");
        }
        Boolean createTable = ImportTsvKey.CREATE_TABLE.flag(settings);
        Boolean noStrict = ImportTsvKey.NO_STRICT.flag(settings);
        if (bulkOutput != null) { // ImportTsv reads these two only with a bulk output
            if (Boolean.TRUE.equals(createTable)) {
                throw new IllegalArgumentException("create.table=" + settings.get("create.table") + ": the load takes "
                        + "the live table's regions and family settings (--live), so the table must exist; create it "
                        + "first (" + create(table, families) + ") and drop create.table");
            }
            if (createTable == null) {
                notes.add("the table must exist, as the load takes its regions and family settings (--live); ImportTsv "
                        + "would create a missing one (create.table=yes by default): " + create(table, families));
            }
            if (Boolean.TRUE.equals(noStrict)) {
                throw new IllegalArgumentException("no.strict=true: the load writes only families the live table has "
                        + "(--live checks them, as ImportTsv does without no.strict); drop no.strict, or add the "
                        + "table's missing families first");
            }
        }
        notes.add("a line with more or fewer fields than the columns is rejected, kept in _rejects with its reason "
                + "(ImportTsv writes the columns a short line has, and counts a long one as bad)");
        for (ImportTsvKey k : ImportTsvKey.values()) {
            if (k.fate() == ImportTsvKey.Fate.HARMLESS && settings.containsKey(k.key())) {
                notes.add(k.key() + " is not carried, as it changes nothing loaded: " + k.meaning());
            }
        }

        ObjectNode root = json.createObjectNode();
        ObjectNode input = root.putObject("input");
        input.put("format", delimiter == '\t' ? "tsv" : "csv");
        if (delimiter != '\t' && delimiter != ',') {
            input.put("delimiter", String.valueOf(delimiter));
        }
        input.put("quoting", "none");
        ArrayNode fields = input.putArray("fields");
        for (String column : columns) {
            fields.add(column);
        }
        ObjectNode t = root.putArray("tables").addObject();
        t.put("name", name);
        ArrayNode familyList = t.putArray("families");
        families.forEach(f -> familyList.addObject().put("name", f));
        t.putArray("rowKey").addObject().put("field", ROW_KEY);
        t.set("cells", cells);
        if (timestampField != null) {
            t.put("timestamp", timestampField);
        }
        String text;
        try {
            text = json.enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        LoadSpec.fromJson(text); // a name the spec cannot take (a family starting with '_', say) is refused here
        return new ImportTsvSpec(name, text, List.copyOf(options), List.copyOf(notes));
    }

    /**
     * {@code importtsv.separator} as ImportTsv's parser takes it: the UTF-8 bytes of the text, exactly one; not a line
     * break, as ImportTsv reads a line at a time and no line holds one.
     */
    private static char separator(Map<String, String> settings) {
        String separator = ImportTsvKey.SEPARATOR.text(settings);
        if (separator == null) {
            return '\t';
        }
        byte[] bytes = separator.getBytes(StandardCharsets.UTF_8);
        if (bytes.length != 1) {
            throw new IllegalArgumentException("importtsv.separator takes one byte, as ImportTsv's parser does; '"
                    + separator + "' is " + bytes.length + " bytes in UTF-8"
                    + (separator.equals("\\t") ? " (a backslash and a t: for a tab, the default, leave it out)" : ""));
        }
        if (bytes[0] == '\n' || bytes[0] == '\r') {
            throw new IllegalArgumentException(
                    "importtsv.separator cannot be a line break: ImportTsv reads a line at a time, so no line holds one");
        }
        return (char) bytes[0];
    }

    /** True for a character Guava's {@code CharMatcher.whitespace()} matches: ImportTsv's parser trims columns so. */
    private static boolean trimmed(char c) {
        return Character.isSpaceChar(c) || c == '\u0085' || Character.isWhitespace(c) && (c < '\u001C' || c > '\u001F');
    }

    /** The HBase shell's statement that creates {@code table} with {@code families}. */
    private static String create(String table, Set<String> families) {
        StringBuilder b = new StringBuilder("create '" + table + "'");
        families.forEach(f -> b.append(", '").append(f).append("'"));
        return b.toString();
    }
}
