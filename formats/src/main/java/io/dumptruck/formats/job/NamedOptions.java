package io.dumptruck.formats.job;

import java.util.Map;

/**
 * A command's own {@code --name value} options, read with a default and checked, each error naming
 * the option and what it takes.
 */
public interface NamedOptions {
  /** The options given, by name (without the leading {@code --}). */
  Map<String, String> extra();

  /** An option's value, or the default. */
  default String get(String name, String dflt) {
    return extra().getOrDefault(name, dflt);
  }

  default int getInt(String name, int dflt) {
    long v = getLong(name, dflt);
    if (v != (int) v) {
      throw new IllegalArgumentException("--" + name + " is too large: " + v);
    }
    return (int) v;
  }

  default long getLong(String name, long dflt) {
    String v = extra().get(name);
    try {
      return v == null ? dflt : Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + " takes a whole number, got '" + v + "'");
    }
  }
}
