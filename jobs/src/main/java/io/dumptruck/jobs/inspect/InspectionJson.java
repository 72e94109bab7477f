package io.dumptruck.jobs.inspect;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.text.ShellBytes;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.SortedSet;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The JSON form of a {@link TableInspection}, with the same figures as the text report under stable field names:
 *
 * <pre>
 * { "table", "path", "families": [..], "regionCount",
 *   "totals": FIGURES, "familyTotals": { family: FIGURES },
 *   "regions": [ { "index", "startKey", "startKeyHex", "endKey", "endKeyHex", "totals": FIGURES,
 *                  "families": { family: FIGURES } } ],
 *   "balance": { "meanRegionBytes", "largestRegion", "largestRegionBytes", "largestToMean", "skewed",
 *                "hottestPrefix", "hottestPrefixByte", "hottestPrefixRows", "hottestPrefixShare",
 *                "distinctPrefixes", "hotPrefix", "verdict" } }
 * FIGURES = { "files", "rows", "cells", "bytesOnDisk", "uncompressedBytes", "compressionRatio", "bytesPerCell",
 *             "keyLength": LENGTHS, "valueLength": LENGTHS, "rowKeyLength": LENGTHS,
 *             "bloomType", "bloomBytes", "dataBlockEncoding", "compression", "timeRange": { "min", "max" } }
 * LENGTHS = { "min", "mean", "max" }
 * </pre>
 *
 * Keys are in HBase shell notation ({@code startKey}) and in lower-case hex ({@code startKeyHex}); the first region's
 * start and the last region's end are empty. Settings are one name, or several joined by commas when files of a group
 * differ. A figure that has no value — a ratio without bytes, lengths and time range without cells, settings without
 * files, the hottest prefix without rows — is null.
 */
public final class InspectionJson {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private InspectionJson() {}

    /** The inspection as an indented JSON document. */
    public static String render(TableInspection t) {
        try {
            return MAPPER.writeValueAsString(tree(t)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the inspection as JSON: " + e.getMessage(), e);
        }
    }

    public static ObjectNode tree(TableInspection t) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("table", t.table());
        root.put("path", t.path().toString());
        t.families().forEach(root.putArray("families")::add);
        root.put("regionCount", t.regions().size());
        root.set("totals", figures(t.totals()));
        root.set("familyTotals", families(t.familyTotals()));
        var regions = root.putArray("regions");
        for (RegionInspection r : t.regions()) {
            ObjectNode n = regions.addObject();
            n.put("index", r.index());
            n.put("startKey", ShellBytes.format(r.startKey()));
            n.put("startKeyHex", Bytes.toHex(r.startKey()));
            n.put("endKey", ShellBytes.format(r.endKey()));
            n.put("endKeyHex", Bytes.toHex(r.endKey()));
            n.set("totals", figures(r.total()));
            n.set("families", families(r.families()));
        }
        root.set("balance", balance(t.balance()));
        return root;
    }

    private static ObjectNode families(Map<String, Figures> byFamily) {
        ObjectNode n = MAPPER.createObjectNode();
        byFamily.forEach((f, figures) -> n.set(f, figures(figures)));
        return n;
    }

    private static ObjectNode figures(Figures f) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("files", f.files());
        n.put("rows", f.rows());
        n.put("cells", f.cells());
        n.put("bytesOnDisk", f.bytesOnDisk());
        n.put("uncompressedBytes", f.uncompressedBytes());
        putDouble(n, "compressionRatio", f.compressionRatio());
        putDouble(n, "bytesPerCell", f.bytesPerCell());
        lengths(n, "keyLength", f.keyLength());
        lengths(n, "valueLength", f.valueLength());
        lengths(n, "rowKeyLength", f.rowKeyLength());
        putNames(n, "bloomType", f.bloomTypes());
        n.put("bloomBytes", f.bloomBytes());
        putNames(n, "dataBlockEncoding", f.encodings());
        putNames(n, "compression", f.compressions());
        if (f.hasCells()) {
            ObjectNode time = n.putObject("timeRange");
            time.put("min", f.minTimestamp());
            time.put("max", f.maxTimestamp());
        } else {
            n.putNull("timeRange");
        }
        return n;
    }

    private static ObjectNode balance(Balance b) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("meanRegionBytes", b.meanRegionBytes());
        n.put("largestRegion", b.largestRegion());
        n.put("largestRegionBytes", b.largestRegionBytes());
        n.put("largestToMean", b.largestToMean());
        n.put("skewed", b.skewed());
        if (b.hottestPrefix() < 0) {
            n.putNull("hottestPrefix");
            n.putNull("hottestPrefixByte");
        } else {
            n.put("hottestPrefix", ShellBytes.format(new byte[] {(byte) b.hottestPrefix()}));
            n.put("hottestPrefixByte", b.hottestPrefix());
        }
        n.put("hottestPrefixRows", b.hottestPrefixRows());
        n.put("hottestPrefixShare", b.hottestPrefixShare());
        n.put("distinctPrefixes", b.distinctPrefixes());
        n.put("hotPrefix", b.hotPrefix());
        n.put("verdict", b.verdict());
        return n;
    }

    private static void lengths(ObjectNode parent, String name, LengthStats s) {
        if (s.isEmpty()) {
            parent.putNull(name);
            return;
        }
        ObjectNode n = parent.putObject(name);
        n.put("min", s.min());
        n.put("mean", s.mean());
        n.put("max", s.max());
    }

    private static void putDouble(ObjectNode n, String name, OptionalDouble v) {
        if (v.isPresent()) {
            n.put(name, v.getAsDouble());
        } else {
            n.putNull(name);
        }
    }

    private static void putNames(ObjectNode n, String name, SortedSet<String> names) {
        if (names.isEmpty()) {
            n.putNull(name);
        } else {
            n.put(name, String.join(",", names));
        }
    }
}
