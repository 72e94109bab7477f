package io.dumptruck.loaders.jsonspec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.table.JsonNesting;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.TableSpecJson;
import io.dumptruck.formats.text.ShellBytes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The declarative loader's spec: how to read the input and, per table, how to build the row key and the cells from a
 * record's fields. A table is a {@link TableSpec} (name, families, regions, split policy — the same JSON as
 * {@code _spec.json}) plus {@code rowKey}, {@code cells} and an optional default {@code timestamp}:
 *
 * <pre>{@code
 * {"input": {"format": "csv", "header": true},
 *  "tables": [{"name": "usertable", "families": [{"name": "info"}],
 *              "rowKey": [{"field": "login"}],
 *              "cells": [{"column": "info:name", "field": "name"},
 *                        {"column": "info:password", "field": "password", "encoding": "sha256"}]}]}
 * }</pre>
 *
 * Input formats: {@code csv} and {@code tsv} (RFC 4180 quoting, embedded newlines; {@code "header": true} takes the
 * field names from each file's first record, else {@code "fields": [...]}; {@code "quoting": "none"} reads them by
 * ImportTsv's rules instead — a record per line, no quotes, no escapes — and splits large files across map tasks),
 * {@code jsonl} (one JSON object per line; nested values by dotted path, e.g. {@code "user.id"}), {@code avro} and
 * {@code parquet} (records by field name, nested records by dotted path; the files' own schema is used).
 */
record LoadSpec(
        String format, boolean header, List<String> fields, char delimiter, boolean quoted, List<TableMapping> tables) {

    public static final Set<String> FORMATS = Set.of("csv", "tsv", "jsonl", "avro", "parquet");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Deeper than any load spec nests. */
    private static final int MAX_DEPTH = 64;

    /**
     * One table: where its rows and cells come from, and, when {@code operation} names a field, what a record does to
     * them: {@code put} (write the cells), {@code delete} (a Delete marker per mapped column: its version at the cell's
     * timestamp), {@code deleteColumn} (every version up to the timestamp), {@code deleteFamily} (every cell of each
     * mapped family up to the timestamp).
     */
    public record TableMapping(
            TableSpec table, KeyTemplate rowKey, List<CellMapping> cells, TimeRef timestamp, String operation) {
        /**
         * The record's operation on this table; an IllegalArgumentException (which rejects the record) for an unknown
         * one.
         */
        public Operation operationOf(FieldRecord r) {
            if (operation == null) {
                return Operation.PUT;
            }
            String v = r.get(operation);
            for (Operation o : Operation.values()) {
                if (o.word.equals(v)) {
                    return o;
                }
            }
            throw new IllegalArgumentException("operation field '" + operation + "' is '" + v
                    + "', not put, delete, deleteColumn or deleteFamily");
        }
    }

    /** What a record does to a table's cells: the words of the operation field. */
    public enum Operation {
        PUT("put"),
        DELETE("delete"),
        DELETE_COLUMN("deleteColumn"),
        DELETE_FAMILY("deleteFamily");

        final String word;

        Operation(String word) {
            this.word = word;
        }
    }

    public static LoadSpec fromJson(String text) {
        String json =
                text.startsWith("\uFEFF") ? text.substring(1) : text; // a byte order mark, as Windows editors write one
        JsonNode root;
        if (JsonNesting.deeperThan(json, MAX_DEPTH)) {
            throw new IllegalArgumentException(
                    "the load spec nests deeper than " + MAX_DEPTH + " levels; a spec needs a handful");
        }
        try {
            root = JSON.readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException("the load spec is not valid JSON: " + e.getMessage());
        }
        SpecJson.onlyFields(root, Set.of("input", "tables"), "load spec");
        JsonNode input = root.get("input");
        if (input == null) {
            throw new IllegalArgumentException(
                    "load spec: \"input\" is required, e.g. {\"format\": \"csv\", \"header\": true}");
        }
        SpecJson.onlyFields(input, Set.of("format", "header", "fields", "delimiter", "quoting"), "input");
        String format = SpecJson.text(input, "format", "input");
        if (!FORMATS.contains(format)) {
            throw new IllegalArgumentException(
                    "input: format '" + format + "' is not one of avro, csv, jsonl, parquet, tsv");
        }
        boolean header = input.has("header") && input.get("header").asBoolean();
        List<String> fields = new ArrayList<>();
        input.path("fields").forEach(f -> fields.add(f.asText()));
        if (new HashSet<>(fields).size() < fields.size()) {
            throw new IllegalArgumentException("input: \"fields\" names a field twice: " + fields);
        }
        if (format.equals("csv") || format.equals("tsv")) {
            if (header == !fields.isEmpty()) {
                throw new IllegalArgumentException(
                        "input: give either \"header\": true or \"fields\": [names] for " + format);
            }
        }
        boolean delimited = format.equals("csv") || format.equals("tsv");
        boolean quoted = true;
        if (input.has("quoting")) {
            String q = SpecJson.text(input, "quoting", "input");
            if (!delimited) {
                throw new IllegalArgumentException("input: quoting applies to csv and tsv input only, not " + format);
            }
            if (!q.equals("rfc4180") && !q.equals("none")) {
                throw new IllegalArgumentException("input: quoting '" + q + "' is not rfc4180 (quoted fields, the "
                        + "default) or none (ImportTsv's rules: a record per line, no quotes)");
            }
            quoted = q.equals("rfc4180");
        }
        char delimiter = format.equals("tsv") ? '\t' : ',';
        if (input.has("delimiter")) {
            String d = SpecJson.text(input, "delimiter", "input");
            if (!delimited) {
                throw new IllegalArgumentException(
                        "input: a delimiter applies to csv and tsv input only, not " + format);
            }
            if (d.length() != 1 || (quoted && d.charAt(0) == '"') || d.charAt(0) == '\n' || d.charAt(0) == '\r') {
                throw new IllegalArgumentException("input: the delimiter must be one character other than "
                        + (quoted ? "the quote and " : "") + "the line breaks, e.g. \"|\" or \";\" (got "
                        + d.length() + " characters: '" + d.replace("\n", "\\n").replace("\r", "\\r") + "')");
            }
            delimiter = d.charAt(0);
        }
        JsonNode tables = root.get("tables");
        if (tables == null || !tables.isArray() || tables.isEmpty()) {
            throw new IllegalArgumentException("load spec: \"tables\" must be a non-empty array");
        }
        List<TableMapping> out = new ArrayList<>();
        for (JsonNode t : tables) {
            out.add(table(t));
        }
        return new LoadSpec(format, header, List.copyOf(fields), delimiter, quoted, out);
    }

    private static TableMapping table(JsonNode t) {
        if (!t.isObject()) {
            throw new IllegalArgumentException("each table must be a JSON object");
        }
        String where = "table '" + t.path("name").asText("?") + "'";
        ObjectNode spec = ((ObjectNode) t).deepCopy();
        spec.remove(List.of("rowKey", "cells", "timestamp", "operation"));
        TableSpec table = TableSpecJson.fromJson(spec.toString());
        KeyTemplate rowKey = KeyTemplate.of(t.get("rowKey"), where + " rowKey");
        JsonNode cellsNode = t.get("cells");
        if (cellsNode == null || !cellsNode.isArray() || cellsNode.isEmpty()) {
            throw new IllegalArgumentException(where + ": \"cells\" must be a non-empty array");
        }
        List<CellMapping> cells = new ArrayList<>();
        for (int i = 0; i < cellsNode.size(); i++) {
            CellMapping c = CellMapping.of(cellsNode.get(i), where + " cells[" + i + "]");
            if (table.familyIndex(c.family()) < 0) {
                throw new IllegalArgumentException(where + " cells[" + i + "]: no family '" + c.family()
                        + "' (families: " + table.familyNames() + ")");
            }
            for (int j = 0; j < cells.size(); j++) { // one value per cell: two fields into one fixed column would race
                CellMapping o = cells.get(j);
                if (c.qualifier() != null
                        && o.qualifier() != null
                        && c.family().equals(o.family())
                        && Arrays.equals(c.qualifier(), o.qualifier())
                        && Objects.equals(c.timestamp(), o.timestamp())) {
                    throw new IllegalArgumentException(
                            where + " cells[" + i + "]: column '" + c.family() + ":"
                                    + ShellBytes.format(c.qualifier()) + "' is also cells[" + j
                                    + "] with the same timestamp; "
                                    + "a cell holds one value: map the fields to different columns (or give each its own \"timestamp\")");
                }
            }
            cells.add(c);
        }
        TimeRef ts = t.has("timestamp") ? KeyPart.time(t.get("timestamp"), where + " timestamp") : null;
        String operation = null;
        if (t.has("operation")) {
            JsonNode op = t.get("operation");
            SpecJson.onlyFields(op, Set.of("field"), where + " operation");
            operation = SpecJson.text(op, "field", where + " operation");
        }
        return new TableMapping(table, rowKey, cells, ts, operation);
    }

    public List<TableSpec> tableSpecs() {
        return tables.stream().map(TableMapping::table).toList();
    }
}
