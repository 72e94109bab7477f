package io.dumptruck.formats.testing;

import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.TableSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The reference model of what a table must answer: a plain sorted map of maps (row → family → qualifier → timestamp
 * (descending) → value), with HBase's read rules applied by hand. Written independently of the code under test.
 */
public final class CellModel {
    private final Map<String, TableSpec> specs = new HashMap<>();
    private final Map<
                    String,
                    NavigableMap<byte[], NavigableMap<String, NavigableMap<byte[], NavigableMap<Long, byte[]>>>>>
            tables = new HashMap<>();

    public CellModel(List<TableSpec> tableSpecs) {
        for (TableSpec t : tableSpecs) {
            specs.put(t.name(), t);
            tables.put(t.name(), new TreeMap<>(Bytes.BYTES_COMPARATOR));
        }
    }

    /** Adds a cell; returns false (and keeps the old value) when the whole key is already there. */
    public boolean put(String table, byte[] row, String family, byte[] qualifier, long ts, byte[] value) {
        return tables.get(table)
                        .computeIfAbsent(row, r -> new TreeMap<>())
                        .computeIfAbsent(family, f -> new TreeMap<>(Bytes.BYTES_COMPARATOR))
                        .computeIfAbsent(qualifier, q -> new TreeMap<>(Collections.reverseOrder()))
                        .putIfAbsent(ts, value)
                == null;
    }

    public List<byte[]> rows(String table) {
        return new ArrayList<>(tables.get(table).keySet());
    }

    /** Rows the scan must return, each as a list of "row/family:qualifier/ts=value" lines. */
    public List<List<String>> scan(String table, ScanSpec scan) {
        List<List<String>> out = new ArrayList<>();
        NavigableMap<byte[], NavigableMap<String, NavigableMap<byte[], NavigableMap<Long, byte[]>>>> rows =
                tables.get(table);
        for (Map.Entry<byte[], NavigableMap<String, NavigableMap<byte[], NavigableMap<Long, byte[]>>>> row :
                rows.entrySet()) {
            byte[] key = row.getKey();
            if (Bytes.compareTo(key, scan.startRow()) < 0) {
                continue;
            }
            if (scan.stopRow().length > 0 && Bytes.compareTo(key, scan.stopRow()) >= 0) {
                break;
            }
            List<String> cells = new ArrayList<>();
            for (Map.Entry<String, NavigableMap<byte[], NavigableMap<Long, byte[]>>> fam :
                    row.getValue().entrySet()) {
                FamilySpec family = specs.get(table).family(fam.getKey());
                // HBase's Scan: addFamily reads a whole family, addColumn narrows its family to the listed columns
                boolean selective =
                        !scan.families().isEmpty() || !scan.columns().isEmpty();
                boolean familyHasColumns =
                        scan.columns().stream().anyMatch(c -> c.family().equals(fam.getKey()));
                if (selective && !scan.families().contains(fam.getKey()) && !familyHasColumns) {
                    continue;
                }
                for (Map.Entry<byte[], NavigableMap<Long, byte[]>> col :
                        fam.getValue().entrySet()) {
                    if (familyHasColumns && !scan.columns().contains(new ScanSpec.Column(fam.getKey(), col.getKey()))) {
                        continue;
                    }
                    // HBase keeps the family's VERSIONS newest cells of a column; a scan then sees the
                    // newest of those inside its time range, at most its own maxVersions.
                    int kept = 0;
                    int served = 0;
                    for (Map.Entry<Long, byte[]> v : col.getValue().entrySet()) {
                        if (++kept > family.maxVersions()) {
                            break;
                        }
                        if (v.getKey() < scan.minTime() || v.getKey() >= scan.maxTime()) {
                            continue;
                        }
                        if (++served > scan.maxVersions()) {
                            break;
                        }
                        cells.add(line(key, fam.getKey(), col.getKey(), v.getKey(), v.getValue()));
                    }
                }
            }
            if (!cells.isEmpty()) {
                out.add(cells);
                if (scan.limit() > 0 && out.size() >= scan.limit()) {
                    break;
                }
            }
        }
        return out;
    }

    public static String line(byte[] row, String family, byte[] qualifier, long ts, byte[] value) {
        return Bytes.toStringBinary(row) + "/" + family + ":" + Bytes.toStringBinary(qualifier) + "/" + ts + "="
                + Bytes.toStringBinary(value);
    }

    /** A Result in the model's line form. */
    public static List<String> lines(Result r) {
        List<String> out = new ArrayList<>();
        for (Cell c : r.rawCells()) {
            out.add(line(
                    CellUtil.cloneRow(c),
                    Bytes.toString(CellUtil.cloneFamily(c)),
                    CellUtil.cloneQualifier(c),
                    c.getTimestamp(),
                    CellUtil.cloneValue(c)));
        }
        return out;
    }

    /** Fails with the first differing row (not the whole table) when the rows differ. */
    public static void assertSameRows(List<List<String>> expected, List<List<String>> actual, String what) {
        for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
            List<String> e = i < expected.size() ? expected.get(i) : null;
            List<String> a = i < actual.size() ? actual.get(i) : null;
            if (e == null || !e.equals(a)) {
                throw new AssertionError(what + ": " + expected.size() + " rows expected, " + actual.size()
                        + " read; first difference at row " + i + ":\n expected " + shorten(e) + "\n actual   "
                        + shorten(a));
            }
        }
    }

    private static String shorten(Object o) {
        String s = String.valueOf(o);
        return s.length() > 600 ? s.substring(0, 600) + "…" : s;
    }

    public static List<List<String>> lines(List<Result> results) {
        List<List<String>> out = new ArrayList<>();
        results.forEach(r -> out.add(lines(r)));
        return out;
    }
}
