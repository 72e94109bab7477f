package io.dumptruck.formats;

import java.util.Collection;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * A configuration key dumptruck reads: its name ({@code dumptruck.<area>.<thing>}), default and meaning. The package
 * that reads a key lists it: the storage layer's many in an enum of this shape ({@link FormatConf}), the few of a load,
 * a loader or a job as constants of type {@link Key} with a list of them all ({@code LoaderConf}, {@code LiveConf},
 * {@code SpecConf}, {@code JourneysConf}, …); the loader and job catalogs gather them, and {@code dumptruck help
 * config} prints them all. Keys marked "internal" carry data from job set-up to the tasks and are set by dumptruck,
 * never by hand.
 */
@PublicApi
public interface ConfKey {
    /**
     * @param key the key's name; a prefix (ending in {@code .}) stands for a family of keys
     * @param defaultValue the default, as text; null when there is none (internal keys, or keys the code sizes itself)
     * @param meaning one line on what the key does; "internal: …" for keys dumptruck sets itself
     * @param check what a value the user sets must be; null: any text
     */
    record Definition(String key, String defaultValue, String meaning, Check check) {
        public Definition(String key, String defaultValue, String meaning) {
            this(key, defaultValue, meaning, null);
        }
    }

    /**
     * A key on its own: a package with a few keys lists them as constants of this type, with a list of them all
     * ({@code LoaderConf.ALL}); one with many, as an enum ({@link FormatConf}).
     */
    record Key(Definition definition) implements ConfKey {
        public Key(String key, String defaultValue, String meaning) {
            this(new Definition(key, defaultValue, meaning, null));
        }

        public Key(String key, String defaultValue, String meaning, Check check) {
            this(new Definition(key, defaultValue, meaning, check));
        }
    }

    /** What a key's value must be. */
    @FunctionalInterface
    interface Check {
        /** true or false, in any case. */
        Check TRUE_OR_FALSE = v ->
                v.trim().equalsIgnoreCase("true") || v.trim().equalsIgnoreCase("false") ? null : "give true or false";

        /** Null when {@code value} will do; else what to give instead ("give …"). */
        String problem(String value);

        /** A whole number from {@code min} to {@code max}, in {@code unit}. */
        static Check wholeNumber(long min, long max, String unit) {
            String range = max == Long.MAX_VALUE ? "at least " + min : "from " + min + " to " + max;
            return v -> {
                try {
                    long n = Long.parseLong(v.trim());
                    if (n >= min && n <= max) {
                        return null;
                    }
                } catch (NumberFormatException e) {
                    // refused below
                }
                return "give a whole number of " + unit + ", " + range;
            };
        }
    }

    Definition definition();

    default String key() {
        return definition().key();
    }

    default String defaultValue() {
        return definition().defaultValue();
    }

    default String meaning() {
        return definition().meaning();
    }

    /** True for keys dumptruck sets itself. */
    default boolean internal() {
        return meaning().startsWith("internal:");
    }

    default String get(Configuration conf) {
        return conf.get(key(), defaultValue());
    }

    default long getLong(Configuration conf) {
        return conf.getLong(key(), Long.parseLong(defaultValue()));
    }

    default int getInt(Configuration conf) {
        return conf.getInt(key(), Integer.parseInt(defaultValue()));
    }

    default boolean getBoolean(Configuration conf) {
        return conf.getBoolean(key(), Boolean.parseBoolean(defaultValue()));
    }

    default void set(Configuration conf, String value) {
        conf.set(key(), value);
    }

    default void setLong(Configuration conf, long value) {
        conf.setLong(key(), value);
    }

    /**
     * A {@link SpecException} naming the key and what to give, when {@code conf} sets it to a value its check refuses.
     */
    default void requireValid(Configuration conf) {
        String value = conf.get(key());
        String problem = value == null || definition().check() == null
                ? null
                : definition().check().problem(value);
        if (problem != null) {
            throw new SpecException(key() + " is '" + value + "': " + problem);
        }
    }

    /**
     * Refuses, with a {@link SpecException} naming the key and the fix, what a user set among the {@code dumptruck.*}
     * keys of {@code conf} that would fail a job later or be ignored without a word: a value its key's check refuses, a
     * key dumptruck sets itself, and a key that is none of {@code keys} (a misspelt one). For a job's configuration as
     * the user gave it, before dumptruck adds to it.
     */
    static void checkUserSettings(Configuration conf, Collection<? extends ConfKey> keys) {
        for (Map.Entry<String, String> set : conf.getValByRegex("^dumptruck\\.").entrySet()) {
            ConfKey known = keys.stream()
                    .filter(k -> k.key().equals(set.getKey())
                            || (k.key().endsWith(".") && set.getKey().startsWith(k.key())))
                    .findFirst()
                    .orElseThrow(() -> new SpecException("unknown configuration key " + set.getKey()
                            + " (misspelt? dumptruck help config lists the keys)"));
            if (known.internal()) {
                throw new SpecException(set.getKey() + " is set by dumptruck itself: remove it from the command line "
                        + "and the configuration files");
            }
            if (known.key().equals(set.getKey())) {
                known.requireValid(conf);
            }
        }
    }

    /** The value, or an error naming the key and how to set it. */
    default String require(Configuration conf, String howToSet) {
        String v = conf.get(key());
        if (v == null || v.isEmpty()) {
            throw new IllegalStateException(key() + " is not set. " + howToSet);
        }
        return v;
    }
}
