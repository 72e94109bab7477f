package io.dumptruck.jobs.inspect;

import io.dumptruck.formats.text.ShellBytes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.SortedSet;

/**
 * The text report of a {@link TableInspection}: a heading, then three aligned tables — sizes, cell lengths and time
 * range, storage settings — each with one line per region and family (plus a {@code (all)} line per region when the
 * table has several families) and {@code total} lines, then the balance verdict. Bytes read as KiB/MiB/…, keys in HBase
 * shell notation, times as UTC instants.
 */
public final class InspectionText {
    /** All families of a region or of the table. */
    static final String ALL_FAMILIES = "(all)";

    /** One line of the tables: a family of a region, a region, a family over the table, or the table. */
    private record Line(String region, String startKey, String family, Figures figures) {}

    private InspectionText() {}

    public static String render(TableInspection t) {
        List<Line> lines = lines(t);
        StringBuilder out = new StringBuilder();
        out.append(heading(t)).append('\n');
        out.append("\nsizes\n").append(sizes(lines));
        out.append("\ncells\n").append(cells(lines));
        out.append("\nstorage\n").append(storage(lines));
        out.append("\nbalance\n").append(balance(t));
        return out.toString();
    }

    private static String heading(TableInspection t) {
        Figures all = t.totals();
        int regions = t.regions().size();
        int families = t.families().size();
        return String.format(
                Locale.ROOT,
                "table %s (%s)%n%d region%s, %d famil%s (%s), %d file%s, %s on disk "
                        + "(%s uncompressed), %,d rows, %,d cells",
                t.table(),
                t.path(),
                regions,
                regions == 1 ? "" : "s",
                families,
                families == 1 ? "y" : "ies",
                String.join(", ", t.families()),
                all.files(),
                all.files() == 1 ? "" : "s",
                HumanBytes.of(all.bytesOnDisk()),
                HumanBytes.of(all.uncompressedBytes()),
                all.rows(),
                all.cells());
    }

    private static List<Line> lines(TableInspection t) {
        boolean several = t.families().size() > 1;
        List<Line> out = new ArrayList<>();
        for (RegionInspection r : t.regions()) {
            String index = Integer.toString(r.index());
            String start = "'" + ShellBytes.format(r.startKey()) + "'";
            r.families().forEach((f, figures) -> out.add(new Line(index, start, f, figures)));
            if (several) {
                out.add(new Line(index, start, ALL_FAMILIES, r.total()));
            }
        }
        t.familyTotals().forEach((f, figures) -> out.add(new Line("total", "", f, figures)));
        if (several) {
            out.add(new Line("total", "", ALL_FAMILIES, t.totals()));
        }
        return out;
    }

    private static String sizes(List<Line> lines) {
        TextTable table = new TextTable()
                .number("region")
                .text("start key")
                .text("family")
                .number("files")
                .number("rows")
                .number("cells")
                .number("on disk")
                .number("uncompressed")
                .number("ratio")
                .number("bytes/cell");
        for (Line l : lines) {
            Figures f = l.figures();
            table.row(
                    l.region(),
                    l.startKey(),
                    l.family(),
                    Integer.toString(f.files()),
                    count(f.rows()),
                    count(f.cells()),
                    HumanBytes.of(f.bytesOnDisk()),
                    HumanBytes.of(f.uncompressedBytes()),
                    decimal(f.compressionRatio(), "%.2f"),
                    decimal(f.bytesPerCell(), "%.1f"));
        }
        return table.render();
    }

    private static String cells(List<Line> lines) {
        TextTable table = new TextTable()
                .number("region")
                .text("family")
                .number("key length")
                .number("value length")
                .number("row key length")
                .text("time range");
        for (Line l : lines) {
            Figures f = l.figures();
            table.row(
                    l.region(),
                    l.family(),
                    lengths(f.keyLength()),
                    lengths(f.valueLength()),
                    lengths(f.rowKeyLength()),
                    f.hasCells()
                            ? Instant.ofEpochMilli(f.minTimestamp()) + " .. " + Instant.ofEpochMilli(f.maxTimestamp())
                            : "-");
        }
        return "lengths in bytes, min/mean/max; key = the cell key as the HFile stores it\n" + table.render();
    }

    private static String storage(List<Line> lines) {
        TextTable table = new TextTable()
                .number("region")
                .text("family")
                .text("bloom")
                .number("bloom size")
                .text("encoding")
                .text("compression");
        for (Line l : lines) {
            Figures f = l.figures();
            table.row(
                    l.region(),
                    l.family(),
                    names(f.bloomTypes()),
                    f.files() == 0 ? "-" : HumanBytes.of(f.bloomBytes()),
                    names(f.encodings()),
                    names(f.compressions()));
        }
        return table.render();
    }

    private static String balance(TableInspection t) {
        Balance b = t.balance();
        TextTable table = new TextTable().text("").text("");
        if (t.totals().rows() > 0) {
            table.row(
                    "largest region",
                    String.format(
                            Locale.ROOT,
                            "%d: %s, %.2f× the mean region (%s)",
                            b.largestRegion(),
                            HumanBytes.of(b.largestRegionBytes()),
                            b.largestToMean(),
                            HumanBytes.of(b.meanRegionBytes())));
            table.row(
                    "hottest prefix",
                    String.format(
                            Locale.ROOT,
                            "%s: %.1f%% of rows (%,d of %,d); %d distinct leading byte%s",
                            Balance.quotedByte(b.hottestPrefix()),
                            b.hottestPrefixShare() * 100,
                            b.hottestPrefixRows(),
                            t.totals().rows(),
                            b.distinctPrefixes(),
                            b.distinctPrefixes() == 1 ? "" : "s"));
        }
        table.row("verdict", b.verdict());
        return table.renderRows();
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String decimal(OptionalDouble v, String format) {
        return v.isPresent() ? String.format(Locale.ROOT, format, v.getAsDouble()) : "-";
    }

    private static String lengths(LengthStats s) {
        return s.isEmpty() ? "-" : String.format(Locale.ROOT, "%d/%.1f/%d", s.min(), s.mean(), s.max());
    }

    private static String names(SortedSet<String> names) {
        return names.isEmpty() ? "-" : String.join(",", names);
    }
}
