package io.dumptruck.cli;

import io.dumptruck.formats.SpecException;
import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import org.apache.hadoop.hbase.client.Result;

/** {@code dumptruck scan <table-dir>}: rows of a key range or prefix, in key order. */
final class ScanCommand extends TableReadCommand {
    @Override
    public String summary() {
        return "print rows of a table directory by prefix or key range";
    }

    @Override
    public String usage() {
        return "dumptruck scan <table-dir> [--prefix P | --start S --stop E] [options]\n"
                + TABLE_ARGUMENT
                + "  --prefix P           rows starting with P\n"
                + "  --start S            first row (inclusive)\n"
                + "  --stop E             end row (exclusive)\n"
                + "  --limit N            at most N rows\n"
                + COMMON_OPTIONS;
    }

    @Override
    public int run(String[] argv) throws Exception {
        Args args = new Args(argv, valued("prefix", "start", "stop", "limit"), FLAGS);
        String dir = args.positional(0, "<table-dir>");
        args.expectPositionals(1);
        KeyNotation notation = KeyNotation.of(args.flag("hex"));
        ScanSpec scan = columns(args, notation).withLimit(args.getLong("limit", 0, 1));
        try {
            scan = range(args, notation, scan);
        } catch (SpecException e) {
            throw new UsageException(e.getMessage(), e);
        }
        try (TableReader reader = open(getConf(), dir)) {
            checkFamilies(reader, scan);
            try (RowScanner rows = reader.scan(scan)) {
                ResultPrinter printer = new ResultPrinter(out, notation);
                for (Result r = rows.next(); r != null; r = rows.next()) {
                    printer.print(r);
                }
                printer.finish();
            }
        }
        return 0;
    }

    private static ScanSpec range(Args args, KeyNotation notation, ScanSpec scan) {
        if (args.has("prefix")) {
            if (args.has("start") || args.has("stop")) {
                throw new UsageException("--prefix cannot be combined with --start/--stop");
            }
            return scan.withPrefix(notation.parse(args.get("prefix"), "prefix"));
        }
        byte[] start = args.has("start") ? notation.parse(args.get("start"), "start row") : new byte[0];
        byte[] stop = args.has("stop") ? notation.parse(args.get("stop"), "stop row") : new byte[0];
        return scan.withRange(start, stop);
    }
}
