package io.dumptruck.formats;

/**
 * A configuration key dumptruck reads: its name ({@code dumptruck.<area>.<thing>}), default and
 * meaning. Each module lists its keys in one enum of this shape ({@link FormatConf}, {@code LoaderConf},
 * {@code JobConf}); {@code dumptruck help config} prints them all. Keys marked "internal" carry data
 * from job set-up to the tasks and are set by dumptruck, never by hand.
 */
public interface ConfKey {
  /** The key's name; a prefix (ending in {@code .}) stands for a family of keys. */
  String key();

  /** The default, as text; null when there is none (internal keys, or keys the code sizes itself). */
  String defaultValue();

  /** One line on what the key does. */
  String meaning();

  /** True for keys dumptruck sets itself. */
  default boolean internal() {
    return meaning().startsWith("internal:");
  }
}
