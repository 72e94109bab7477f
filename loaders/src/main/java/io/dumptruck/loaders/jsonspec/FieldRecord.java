package io.dumptruck.loaders.jsonspec;

/** One input record of the declarative loader: its fields by name, as text ({@code null} when absent). */
@FunctionalInterface
public interface FieldRecord {
    String get(String field);
}
