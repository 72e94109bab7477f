package io.dumptruck.cli;

import java.io.PrintStream;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;

/** Prints rows the way the HBase shell does: {@code ROW column=f:q, timestamp=T, value=V}. */
final class ResultPrinter {
    private static final int ROW_WIDTH = 32;
    private final PrintStream out;
    private final KeyNotation notation;
    private long rows;

    ResultPrinter(PrintStream out, KeyNotation notation) {
        this.out = out;
        this.notation = notation;
        out.println(pad("ROW") + "COLUMN+CELL");
    }

    void print(Result r) {
        rows++;
        for (Cell c : r.rawCells()) {
            String row = notation.format(c.getRowArray(), c.getRowOffset(), c.getRowLength());
            String family = notation.format(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
            String qualifier = notation.format(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
            String value = notation.format(c.getValueArray(), c.getValueOffset(), c.getValueLength());
            String type = c.getType() == Cell.Type.Put ? "" : ", type=" + c.getType(); // a raw scan's delete markers
            out.println(" " + pad(row) + "column=" + family + ":" + qualifier + ", timestamp=" + c.getTimestamp() + type
                    + ", value=" + value);
        }
    }

    void finish() {
        out.println(rows + " row(s)");
    }

    private static String pad(String s) {
        return s.length() >= ROW_WIDTH ? s + " " : s + " ".repeat(ROW_WIDTH - s.length());
    }
}
