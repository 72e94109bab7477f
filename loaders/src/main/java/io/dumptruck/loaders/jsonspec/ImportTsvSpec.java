package io.dumptruck.loaders.jsonspec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An HBase {@code ImportTsv} command line — its {@code importtsv.*} settings and its table — as the spec loader's spec,
 * named after the table's name (without its namespace), the whole option list of the {@code dumptruck load spec}
 * command that does the same load ({@code --output DIR} when ImportTsv had no bulk output), and notes on what the two
 * do differently. The columns keep ImportTsv's names as field names ({@code HBASE_ROW_KEY}, {@code d:c1}), in order;
 * the input is read by ImportTsv's rules ({@code "quoting": "none"}), so large files split across map tasks as they did
 * there.
 *
 * <p>{@code importtsv.columns} is read as ImportTsv reads it: split at commas, nothing trimmed; {@code HBASE_ROW_KEY}
 * exactly once; {@code HBASE_TS_KEY} at most once (the cells' time, epoch milliseconds); {@code family} alone is the
 * family's empty qualifier; {@code HBASE_ATTRIBUTES_KEY}, {@code HBASE_CELL_VISIBILITY} and {@code HBASE_CELL_TTL} are
 * read and not carried (a note says so).
 */
public record ImportTsvSpec(String tableName, String json, List<String> loadOptions, List<String> notes) {
    public static final String ROW_KEY = "HBASE_ROW_KEY";

    public static final String TIMESTAMP = "HBASE_TS_KEY";
    private static final Set<String> NOT_CARRIED =
            Set.of("HBASE_ATTRIBUTES_KEY", "HBASE_CELL_VISIBILITY", "HBASE_CELL_TTL");

    /** The ImportTsv settings this translation reads; any other {@code importtsv.*} key gets a note. */
    static final Set<String> READ = Set.of(
            "importtsv.columns",
            "importtsv.separator",
            "importtsv.timestamp",
            "importtsv.bulk.output",
            "importtsv.skip.bad.lines",
            "importtsv.skip.empty.columns");

    /** The load's output directory: ImportTsv's bulk output, or {@code DIR} for the user to fill in. */
    public String output() {
        return loadOptions.get(loadOptions.indexOf("--output") + 1);
    }

    /**
     * Translates {@code settings} (ImportTsv's {@code -D} keys and values) for table {@code table} ({@code [NS:]NAME}).
     *
     * @throws IllegalArgumentException naming the setting to fix, as ImportTsv would refuse it or as the spec cannot
     *     hold it
     */
    public static ImportTsvSpec of(Map<String, String> settings, String table) {
        String columnsText = settings.get("importtsv.columns");
        if (columnsText == null || columnsText.isEmpty()) {
            throw new IllegalArgumentException(
                    "give ImportTsv's columns: -Dimporttsv.columns=HBASE_ROW_KEY,family:qualifier,…");
        }
        String[] columns = columnsText.split(",", -1);
        String separator = settings.getOrDefault("importtsv.separator", "\t");
        if (separator.length() != 1 || separator.charAt(0) == '\n' || separator.charAt(0) == '\r') {
            throw new IllegalArgumentException("importtsv.separator must be one character other than a line break, as "
                    + "ImportTsv takes one byte (got '" + separator.replace("\n", "\\n") + "')");
        }
        List<String> notes = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        String rowKey = null;
        String timestamp = null;
        Set<String> families = new LinkedHashSet<>();
        ObjectMapper json = new ObjectMapper();
        ArrayNode cells = json.createArrayNode();
        for (String column : columns) {
            if (!seen.add(column)) {
                throw new IllegalArgumentException("importtsv.columns names '" + column + "' twice");
            }
            if (column.equals(ROW_KEY)) {
                rowKey = column;
            } else if (column.equals(TIMESTAMP)) {
                timestamp = column;
            } else if (NOT_CARRIED.contains(column)) {
                notes.add(column + " is read and not carried: dumptruck writes no per-cell attributes, visibility or"
                        + " TTL (give a family its TTL in the spec's families instead)");
            } else {
                int colon = column.indexOf(':');
                String family = colon < 0 ? column : column.substring(0, colon);
                String qualifier = colon < 0 ? "" : column.substring(colon + 1);
                if (family.isEmpty()) {
                    throw new IllegalArgumentException("importtsv.columns: '" + column + "' has no family");
                }
                ObjectNode cell = cells.addObject();
                cell.put("column", family + ":" + qualifier);
                cell.put("field", column);
                families.add(family);
            }
        }
        if (rowKey == null) {
            throw new IllegalArgumentException(
                    "importtsv.columns must name the row key column HBASE_ROW_KEY exactly once");
        }
        if (cells.isEmpty()) {
            throw new IllegalArgumentException(
                    "importtsv.columns needs a family:qualifier column besides the row key and the timestamp");
        }

        int colon = table.indexOf(':');
        String name = colon < 0 ? table : table.substring(colon + 1);
        List<String> options =
                new ArrayList<>(List.of("--output", settings.getOrDefault("importtsv.bulk.output", "DIR"), "--live"));
        if (colon >= 0) {
            options.addAll(List.of("--namespace", table.substring(0, colon)));
        }
        if (settings.containsKey("importtsv.timestamp")) {
            options.addAll(List.of("--timestamp", settings.get("importtsv.timestamp")));
        }
        if ("false".equalsIgnoreCase(settings.get("importtsv.skip.bad.lines"))) {
            options.addAll(List.of("--max-reject-ratio", "0"));
        }
        if (!"true".equalsIgnoreCase(settings.get("importtsv.skip.empty.columns"))) {
            notes.add("an empty field writes no cell, as importtsv.skip.empty.columns=true has it (ImportTsv's default "
                    + "writes an empty value)");
        }
        notes.add("a line with more or fewer fields than the columns is rejected, kept in _rejects with its reason "
                + "(ImportTsv writes the columns a short line has, and counts a long one as bad)");
        settings.keySet().stream()
                .filter(k -> k.startsWith("importtsv.") && !READ.contains(k))
                .sorted()
                .forEach(k -> notes.add(k + " has no counterpart and is ignored"));

        ObjectNode root = json.createObjectNode();
        ObjectNode input = root.putObject("input");
        input.put("format", separator.equals("\t") ? "tsv" : "csv");
        if (!separator.equals("\t") && !separator.equals(",")) {
            input.put("delimiter", separator);
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
        t.putArray("rowKey").addObject().put("field", rowKey);
        t.set("cells", cells);
        if (timestamp != null) {
            t.put("timestamp", timestamp);
        }
        String text;
        try {
            text = json.enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        LoadSpec.fromJson(text); // a name the spec cannot take (a family with a space, say) is refused here
        return new ImportTsvSpec(name, text, List.copyOf(options), List.copyOf(notes));
    }
}
