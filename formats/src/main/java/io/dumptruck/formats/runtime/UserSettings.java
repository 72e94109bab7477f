package io.dumptruck.formats.runtime;

import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;

/** Hadoop keys set as dumptruck's defaults: only where the user left Hadoop's own default. */
final class UserSettings {
    private static final String SOURCE = "dumptruck default";

    private UserSettings() {}

    /** True when {@code key} has a value from somewhere other than Hadoop's {@code *-default.xml}. */
    static boolean userSet(Configuration conf, String key) {
        String[] sources = conf.getPropertySources(key);
        return sources != null && !Arrays.stream(sources).allMatch(s -> s.endsWith("-default.xml"));
    }

    /** Sets {@code key}, its source named as dumptruck's default, unless the user set it. */
    static void setUnlessUserSet(Configuration conf, String key, String value) {
        if (!userSet(conf, key)) {
            conf.set(key, value, SOURCE);
        }
    }
}
