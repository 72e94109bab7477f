package io.dumptruck.formats;

import org.apache.hadoop.conf.Configuration;

/**
 * A configuration key dumptruck reads: its name ({@code dumptruck.<area>.<thing>}), default and
 * meaning. Each module lists its keys in one enum of this shape ({@link FormatConf}, {@code LoaderConf},
 * {@code JobConf}); {@code dumptruck help config} prints them all. Keys marked "internal" carry data
 * from job set-up to the tasks and are set by dumptruck, never by hand.
 */
public interface ConfKey {
  /**
   * @param key the key's name; a prefix (ending in {@code .}) stands for a family of keys
   * @param defaultValue the default, as text; null when there is none (internal keys, or keys the code sizes itself)
   * @param meaning one line on what the key does; "internal: …" for keys dumptruck sets itself
   */
  record Definition(String key, String defaultValue, String meaning) {}

  Definition definition();

  default String key() { return definition().key(); }

  default String defaultValue() { return definition().defaultValue(); }

  default String meaning() { return definition().meaning(); }

  /** True for keys dumptruck sets itself. */
  default boolean internal() { return meaning().startsWith("internal:"); }

  default String get(Configuration conf) { return conf.get(key(), defaultValue()); }

  default long getLong(Configuration conf) { return conf.getLong(key(), Long.parseLong(defaultValue())); }

  default int getInt(Configuration conf) { return conf.getInt(key(), Integer.parseInt(defaultValue())); }

  default boolean getBoolean(Configuration conf) { return conf.getBoolean(key(), Boolean.parseBoolean(defaultValue())); }

  default void set(Configuration conf, String value) { conf.set(key(), value); }

  default void setLong(Configuration conf, long value) { conf.setLong(key(), value); }

  /** The value, or an error naming the key and how to set it. */
  default String require(Configuration conf, String howToSet) {
    String v = conf.get(key());
    if (v == null || v.isEmpty()) {
      throw new IllegalStateException(key() + " is not set. " + howToSet);
    }
    return v;
  }
}
