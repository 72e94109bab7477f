package io.dumptruck.loaders.text;

import io.dumptruck.loaders.Parsed;
import java.util.ArrayList;
import java.util.List;

/**
 * Delimited text by ImportTsv's rules: a record is one line, its fields are what lies between delimiters — no quoting,
 * no escaping, so a {@code "} or a backslash is a character like any other and a field can never hold the delimiter or
 * a line break. A line of {@code n} delimiters has {@code n + 1} fields, empty ones included; values are never trimmed.
 * A line that is nothing but white space (no delimiter) is a skip, as in {@link CsvParser}. Because every line break
 * ends a record, files in this form can be split anywhere and read by Hadoop's line reader.
 */
public final class PlainFields {
    private PlainFields() {}

    /** The fields of {@code line} (one record, without its line break). */
    public static Parsed<List<String>> parseLine(String line, char delimiter) {
        if (line.isBlank() && line.indexOf(delimiter) < 0) {
            return Parsed.skip();
        }
        List<String> fields = new ArrayList<>();
        int start = 0;
        for (int i = line.indexOf(delimiter); i >= 0; i = line.indexOf(delimiter, start)) {
            fields.add(line.substring(start, i));
            start = i + 1;
        }
        fields.add(line.substring(start));
        return Parsed.of(fields);
    }
}
