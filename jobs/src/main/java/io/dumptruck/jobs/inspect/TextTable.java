package io.dumptruck.jobs.inspect;

import java.util.ArrayList;
import java.util.List;

/**
 * Rows of text in aligned columns, two spaces apart: text columns left-aligned, number columns right-aligned. Trailing
 * blanks are trimmed.
 */
final class TextTable {
    private final List<String> headers = new ArrayList<>();
    private final List<Boolean> rightAligned = new ArrayList<>();
    private final List<String[]> rows = new ArrayList<>();

    /** Adds a left-aligned column. */
    TextTable text(String header) {
        headers.add(header);
        rightAligned.add(false);
        return this;
    }

    /** Adds a right-aligned column. */
    TextTable number(String header) {
        headers.add(header);
        rightAligned.add(true);
        return this;
    }

    void row(String... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + headers.size() + " columns");
        }
        rows.add(cells.clone());
    }

    /** The header line, then the rows. */
    String render() {
        return render(true);
    }

    /** The rows only, aligned as if under their headers. */
    String renderRows() {
        return render(false);
    }

    private String render(boolean withHeader) {
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = headers.get(c).length();
            for (String[] r : rows) {
                widths[c] = Math.max(widths[c], r[c].length());
            }
        }
        StringBuilder out = new StringBuilder();
        if (withHeader) {
            line(out, headers.toArray(new String[0]), widths);
        }
        for (String[] r : rows) {
            line(out, r, widths);
        }
        return out.toString();
    }

    private void line(StringBuilder out, String[] cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.length; c++) {
            if (c > 0) {
                line.append("  ");
            }
            String pad = " ".repeat(widths[c] - cells[c].length());
            line.append(rightAligned.get(c) ? pad + cells[c] : cells[c] + pad);
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }
}
