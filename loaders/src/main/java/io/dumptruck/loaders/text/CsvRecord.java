package io.dumptruck.loaders.text;

import io.dumptruck.loaders.Parsed;
import java.util.List;

/**
 * One record read by a {@link CsvReader}: its fields, a skip (blank line) or a reject, and the
 * 1-based number of the physical line where the record starts (a quoted field with line breaks makes
 * a record span several lines).
 */
public record CsvRecord(long line, Parsed<List<String>> parsed) {}
