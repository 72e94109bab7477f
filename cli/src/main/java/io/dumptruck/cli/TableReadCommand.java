package io.dumptruck.cli;

import io.dumptruck.formats.SpecException;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;

/** What {@code get} and {@code scan} share: the table directory and the column, version and time options. */
abstract class TableReadCommand extends Command {
    /** The help of the table argument of every reading command. */
    static final String TABLE_ARGUMENT =
            "  <table-dir>          <output>/<table>, as written by a load; an HBase snapshot (snapshot:NAME with\n"
                    + "                       hbase.rootdir set, or <root>/.hbase-snapshot/NAME) or table directory <root>/data/<ns>/<table>\n";

    static final String COMMON_OPTIONS = String.join(
            "\n",
            "  --families f,g       only these families",
            "  --columns f:q,...    only these columns (qualifiers in the key notation)",
            "  --versions N         newest N versions per column (default 1; the family's VERSIONS caps it)",
            "  --time-range T1,T2   only cells with T1 <= timestamp < T2 (epoch ms)",
            "  --hex                keys and values in hex instead of HBase shell notation (\\xNN escapes)",
            "  --raw                delete markers too, as cells, and every version up to --versions (HBase's raw scan)");

    static final Set<String> COMMON_VALUED = Set.of("families", "columns", "versions", "time-range");
    static final Set<String> FLAGS = Set.of("hex", "raw");

    static Set<String> valued(String... more) {
        Set<String> s = new HashSet<>(COMMON_VALUED);
        s.addAll(List.of(more));
        return s;
    }

    /** The column, version and time options as a scan; bad values are usage errors. */
    static ScanSpec columns(Args args, KeyNotation notation) {
        try {
            return columnsOrSpecError(args, notation);
        } catch (SpecException e) {
            throw new UsageException(e.getMessage(), e);
        }
    }

    private static ScanSpec columnsOrSpecError(Args args, KeyNotation notation) {
        ScanSpec scan = ScanSpec.all()
                .withFamilies(args.getList("families"))
                .withMaxVersions((int) Math.min(Integer.MAX_VALUE, args.getLong("versions", 1, 1)))
                .withRaw(args.flag("raw"));
        List<ScanSpec.Column> columns = new ArrayList<>();
        for (String c : args.getList("columns")) {
            int colon = c.indexOf(':');
            if (colon <= 0) {
                throw new UsageException("column '" + c + "' must be family:qualifier");
            }
            columns.add(
                    new ScanSpec.Column(c.substring(0, colon), notation.parse(c.substring(colon + 1), "qualifier")));
        }
        scan = scan.withColumns(columns);
        if (args.has("time-range")) {
            String[] t = args.get("time-range").split(",", -1);
            long from;
            long to;
            try {
                if (t.length != 2) {
                    throw new NumberFormatException();
                }
                from = Long.parseLong(t[0].trim());
                to = Long.parseLong(t[1].trim());
            } catch (NumberFormatException e) {
                throw new UsageException(
                        "--time-range takes T1,T2 in epoch milliseconds, got '" + args.get("time-range") + "'");
            }
            scan = scan.withTimeRange(from, to);
        }
        return scan;
    }

    /** Families named in the options must exist: HBase answers NoSuchColumnFamilyException, so do we. */
    static void checkFamilies(TableReader reader, ScanSpec scan) {
        List<String> known = reader.table().spec().familyNames();
        List<String> named = new ArrayList<>(scan.families());
        scan.columns().forEach(c -> named.add(c.family()));
        for (String f : named) {
            if (!known.contains(f)) {
                throw new UsageException("table " + reader.table().spec().name() + " has no family '" + f
                        + "' (families: " + String.join(", ", known) + ")");
            }
        }
    }

    /** Opens the table {@code dir} names ({@link TableLocation}), saying first what a live table directory risks. */
    TableReader open(Configuration conf, String dir) throws IOException {
        return TableLocation.open(conf, TableLocation.of(conf, dir), err);
    }
}
