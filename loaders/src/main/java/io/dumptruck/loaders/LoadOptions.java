package io.dumptruck.loaders;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;

/**
 * The options of one load.
 *
 * @param regions regions per table (split points: uniform over hashed keys, sampled otherwise)
 * @param timestamp the cell timestamp of records without a time of their own (epoch ms)
 * @param maxRejectRatio the load fails when rejected / read exceeds this (0..1)
 * @param extra the loader's own options, by name
 */
public record LoadOptions(List<Path> inputs, Path output, int regions, long timestamp, double maxRejectRatio,
    Map<String, String> extra) {

  public LoadOptions {
    inputs = List.copyOf(inputs);
    extra = Map.copyOf(extra);
    if (inputs.isEmpty()) {
      throw new IllegalArgumentException("no input: give --input PATH (files, directories or globs)");
    }
    if (regions < 1 || regions > 4096) {
      throw new IllegalArgumentException("--regions must be 1..4096, got " + regions);
    }
    if (timestamp < 0 || timestamp == Long.MAX_VALUE) {
      throw new IllegalArgumentException("--timestamp must be epoch milliseconds >= 0, got " + timestamp);
    }
    if (!(maxRejectRatio >= 0 && maxRejectRatio <= 1)) {
      throw new IllegalArgumentException("--max-reject-ratio must be between 0 and 1, got " + maxRejectRatio);
    }
  }

  /** A loader option's value, or the default. */
  public String get(String name, String dflt) {
    return extra.getOrDefault(name, dflt);
  }

  public int getInt(String name, int dflt) {
    String v = extra.get(name);
    try {
      return v == null ? dflt : Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + " takes a whole number, got '" + v + "'");
    }
  }

  /** The value, which must be one of {@code allowed}. */
  public String choice(String name, String dflt, Set<String> allowed) {
    String v = get(name, dflt);
    if (!allowed.contains(v)) {
      throw new IllegalArgumentException("--" + name + " must be one of " + String.join(", ", new java.util.TreeSet<>(allowed))
          + ", got '" + v + "'");
    }
    return v;
  }
}
