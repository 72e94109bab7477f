package io.dumptruck.formats.read;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.SpecException;
import io.dumptruck.formats.text.ShellBytes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * What to read from a table, with HBase's {@code Scan} semantics: rows in {@code [startRow, stopRow)} (empty =
 * unbounded), only the listed families and columns (both empty = everything; a family with listed columns reads only
 * those, as with HBase's {@code addFamily}/{@code addColumn}), cells with {@code minTime <= ts < maxTime}, at most
 * {@code maxVersions} newest versions per column (default 1), at most {@code limit} rows (0 = no limit), at most
 * {@code batch} cells per Result (0 = whole rows); {@code raw}: delete markers returned as cells and masking nothing,
 * every version up to {@code maxVersions} whatever the family keeps (HBase's {@code Scan.setRaw}, for tools).
 * Immutable; build with the {@code with} methods from {@link #all()}.
 */
@PublicApi
public record ScanSpec(
        byte[] startRow,
        byte[] stopRow,
        List<String> families,
        List<Column> columns,
        long minTime,
        long maxTime,
        int maxVersions,
        long limit,
        int batch,
        boolean raw) {

    /** One column: family and qualifier. */
    public record Column(String family, byte[] qualifier) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Column c && c.family.equals(family) && Arrays.equals(c.qualifier, qualifier);
        }

        @Override
        public int hashCode() {
            return family.hashCode() * 31 + Arrays.hashCode(qualifier);
        }

        @Override
        public String toString() {
            return family + ":" + Bytes.toStringBinary(qualifier);
        }
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    public ScanSpec {
        startRow = startRow == null ? new byte[0] : startRow;
        stopRow = stopRow == null ? new byte[0] : stopRow;
        families = List.copyOf(families);
        columns = List.copyOf(columns);
        if (maxVersions < 1) {
            throw new SpecException("versions must be at least 1, got " + maxVersions);
        }
        if (batch < 0) {
            throw new SpecException("batch must not be negative, got " + batch);
        }
        if (limit < 0) {
            throw new SpecException("limit must not be negative, got " + limit);
        }
        if (minTime < 0 || maxTime <= minTime) {
            throw new SpecException("time range [" + minTime + ", " + maxTime + ") is empty or negative");
        }
        if (stopRow.length > 0 && Bytes.compareTo(startRow, stopRow) > 0) {
            throw new SpecException("start row '" + Bytes.toStringBinary(startRow) + "' is after stop row '"
                    + Bytes.toStringBinary(stopRow) + "'");
        }
    }

    /** Every row, every family, the newest version of each column. */
    public static ScanSpec all() {
        return new ScanSpec(null, null, List.of(), List.of(), 0, Long.MAX_VALUE, 1, 0, 0, false);
    }

    /** Exactly one row. */
    public static ScanSpec row(byte[] row) {
        return all().withRange(row, Bytes.add(row, new byte[] {0}));
    }

    public ScanSpec withRange(byte[] start, byte[] stop) {
        return new ScanSpec(start, stop, families, columns, minTime, maxTime, maxVersions, limit, batch, raw);
    }

    /** Rows starting with {@code prefix}. */
    public ScanSpec withPrefix(byte[] prefix) {
        return withRange(prefix, stopForPrefix(prefix));
    }

    public ScanSpec withFamilies(List<String> f) {
        return new ScanSpec(startRow, stopRow, f, columns, minTime, maxTime, maxVersions, limit, batch, raw);
    }

    public ScanSpec withColumns(List<Column> c) {
        return new ScanSpec(startRow, stopRow, families, c, minTime, maxTime, maxVersions, limit, batch, raw);
    }

    public ScanSpec withTimeRange(long min, long max) {
        return new ScanSpec(startRow, stopRow, families, columns, min, max, maxVersions, limit, batch, raw);
    }

    public ScanSpec withMaxVersions(int v) {
        return new ScanSpec(startRow, stopRow, families, columns, minTime, maxTime, v, limit, batch, raw);
    }

    /**
     * At most {@code cells} cells per Result (0 = whole rows), as HBase's {@code Scan.setBatch}: a row wider than that
     * comes as several Results, so a million-column row never sits in memory at once.
     */
    public ScanSpec withBatch(int cells) {
        return new ScanSpec(startRow, stopRow, families, columns, minTime, maxTime, maxVersions, limit, cells, raw);
    }

    /** Delete markers as cells, masking nothing; versions capped by the scan only (HBase's raw scan). */
    public ScanSpec withRaw(boolean r) {
        return new ScanSpec(startRow, stopRow, families, columns, minTime, maxTime, maxVersions, limit, batch, r);
    }

    public ScanSpec withLimit(long rows) {
        return new ScanSpec(startRow, stopRow, families, columns, minTime, maxTime, maxVersions, rows, batch, raw);
    }

    /** The smallest key after every key starting with {@code prefix}; empty (unbounded) for all-0xFF. */
    public static byte[] stopForPrefix(byte[] prefix) {
        int n = prefix.length;
        while (n > 0 && prefix[n - 1] == (byte) 0xFF) {
            n--;
        }
        if (n == 0) {
            return new byte[0];
        }
        byte[] stop = Arrays.copyOf(prefix, n);
        stop[n - 1]++;
        return stop;
    }

    /**
     * True when the family is read at all. As with HBase's {@code Scan.addFamily}/{@code addColumn}: with neither
     * families nor columns every family is read; otherwise the listed families and the families of the listed columns.
     */
    public boolean readsFamily(String family) {
        if (families.isEmpty() && columns.isEmpty()) {
            return true;
        }
        return families.contains(family) || columns.stream().anyMatch(c -> c.family.equals(family));
    }

    /** True when the row is inside {@code [startRow, stopRow)}. */
    public boolean containsRow(byte[] row, int off, int len) {
        return Bytes.compareTo(row, off, len, startRow, 0, startRow.length) >= 0
                && (stopRow.length == 0 || Bytes.compareTo(row, off, len, stopRow, 0, stopRow.length) < 0);
    }

    public String toJson() {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("startRow", Bytes.toStringBinary(startRow));
        o.put("stopRow", Bytes.toStringBinary(stopRow));
        families.forEach(o.withArray("families")::add);
        columns.forEach(c -> o.withArray("columns").add(c.toString()));
        o.put("minTime", minTime);
        o.put("maxTime", maxTime);
        o.put("maxVersions", maxVersions);
        o.put("limit", limit);
        o.put("batch", batch);
        if (raw) {
            o.put("raw", true);
        }
        return o.toString();
    }

    public static ScanSpec fromJson(String json) {
        JsonNode o;
        try {
            o = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new SpecException("scan spec is not valid JSON: " + e.getOriginalMessage(), e);
        }
        ScanSpec d = all();
        List<String> families = new ArrayList<>();
        o.path("families").forEach(f -> families.add(f.asText()));
        List<Column> columns = new ArrayList<>();
        o.path("columns").forEach(c -> columns.add(parseColumn(c.asText())));
        return new ScanSpec(
                ShellBytes.parse(o.path("startRow").asText("")),
                ShellBytes.parse(o.path("stopRow").asText("")),
                families,
                columns,
                o.path("minTime").asLong(d.minTime),
                o.path("maxTime").asLong(d.maxTime),
                o.path("maxVersions").asInt(d.maxVersions),
                o.path("limit").asLong(d.limit),
                o.path("batch").asInt(0),
                o.path("raw").asBoolean(false));
    }

    /** {@code family:qualifier}, the qualifier in HBase shell notation. */
    public static Column parseColumn(String text) {
        int colon = text.indexOf(':');
        if (colon <= 0) {
            throw new SpecException("column '" + text + "' must be family:qualifier");
        }
        try {
            return new Column(text.substring(0, colon), ShellBytes.parse(text.substring(colon + 1)));
        } catch (IllegalArgumentException e) {
            throw new SpecException("column qualifier " + e.getMessage());
        }
    }
}
