package io.dumptruck.cli;

import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import java.util.Optional;
import org.apache.hadoop.hbase.client.Result;

/** {@code dumptruck get <table-dir> <row>}: one row, found through the block index and bloom filter. */
final class GetCommand extends TableReadCommand {
    @Override
    public String summary() {
        return "print one row of a table directory";
    }

    @Override
    public String usage() {
        return "dumptruck get <table-dir> <row> [options]\n"
                + TABLE_ARGUMENT
                + "  <row>                the row key, e.g. 'user1' or 'a\\x00\\xFF' (quote it for the shell)\n"
                + COMMON_OPTIONS;
    }

    @Override
    public int run(String[] argv) throws Exception {
        Args args = new Args(argv, valued(), FLAGS);
        String dir = args.positional(0, "<table-dir>");
        KeyNotation notation = KeyNotation.of(args.flag("hex"));
        byte[] row = notation.parse(args.positional(1, "<row>"), "row");
        args.expectPositionals(2);
        ScanSpec columns = columns(args, notation);
        try (TableReader reader = open(getConf(), dir)) {
            checkFamilies(reader, columns);
            Optional<Result> r = reader.get(row, columns);
            ResultPrinter printer = new ResultPrinter(out, notation);
            r.ifPresent(printer::print);
            printer.finish();
        }
        return 0;
    }
}
