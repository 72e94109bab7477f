package io.dumptruck.cli;

import io.dumptruck.formats.runtime.NamedOptions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Command-line arguments: positionals and {@code --name value} / {@code --name=value} options, with {@code --flag}
 * switches. Unknown options and missing values are {@link UsageException}s.
 */
final class Args {
    private final List<String> positional = new ArrayList<>();
    private final Map<String, String> options = new HashMap<>();
    private final Map<String, List<String>> repeated = new HashMap<>();

    Args(String[] args, Set<String> valued, Set<String> flags) {
        boolean optionsEnded = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (optionsEnded || !a.startsWith("--")) {
                positional.add(a);
                continue;
            }
            if (a.equals("--")) {
                optionsEnded = true; // everything after is positional, e.g. a row key starting with --
                continue;
            }
            String name = a.substring(2);
            String value = null;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            if (flags.contains(name)) {
                if (value != null) {
                    throw new UsageException("--" + name + " takes no value");
                }
                options.put(name, "true");
                repeated.computeIfAbsent(name, k -> new ArrayList<>()).add("true");
            } else if (valued.contains(name)) {
                if (value == null) {
                    if (i + 1 >= args.length) {
                        throw new UsageException("--" + name + " needs a value");
                    }
                    value = args[++i];
                }
                options.put(name, value);
                repeated.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
            } else {
                throw new UsageException("unknown option --" + name);
            }
        }
    }

    List<String> positional() {
        return positional;
    }

    String positional(int i, String what) {
        if (i >= positional.size()) {
            throw new UsageException("missing " + what);
        }
        return positional.get(i);
    }

    void expectPositionals(int n) {
        if (positional.size() > n) {
            throw new UsageException("unexpected argument '" + positional.get(n) + "'");
        }
    }

    boolean has(String name) {
        return options.containsKey(name);
    }

    /** The value of an option taken once; a UsageException when it was given more than once. */
    String get(String name) {
        once(name);
        return options.get(name);
    }

    boolean flag(String name) {
        once(name);
        return options.containsKey(name);
    }

    private void once(String name) {
        List<String> given = repeated.getOrDefault(name, List.of());
        if (given.size() > 1) {
            throw new UsageException("--" + name + " is given " + given.size() + " times; give it once");
        }
    }

    /**
     * A whole number, at least {@code min} ({@link NamedOptions#wholeNumber}); a UsageException naming the range and
     * the value as given.
     */
    long getLong(String name, long dflt, long min) {
        return getLong(name, dflt, min, Long.MAX_VALUE);
    }

    /** The value of {@code --name} as a path; a UsageException for an empty one. */
    String path(String name) {
        String v = get(name);
        if (v == null || v.isBlank()) {
            throw new UsageException("--" + name + " needs a path, got an empty one");
        }
        return v;
    }

    /** A whole number from {@code min} to {@code max}, or a UsageException naming the range and the value as given. */
    int getInt(String name, int dflt, int min, int max) {
        return (int) getLong(name, dflt, min, max);
    }

    long getLong(String name, long dflt, long min, long max) {
        String v = get(name);
        try {
            return v == null ? dflt : NamedOptions.wholeNumber(name, v, min, max);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
    }

    /**
     * Every value of an option given several times, each also split on commas (not those of a glob's {a,b}, nor an
     * escaped one).
     */
    List<String> getAll(String name) {
        List<String> out = new ArrayList<>();
        for (String v : repeated.getOrDefault(name, List.of())) {
            int depth = 0;
            int from = 0;
            for (int i = 0; i <= v.length(); i++) { // commas split, except inside a glob's {a,b} or after a backslash
                char c = i < v.length() ? v.charAt(i) : ',';
                if (c == '\\') {
                    i++;
                } else if (c == '{') {
                    depth++;
                } else if (c == '}' && depth > 0) {
                    depth--;
                } else if (c == ',' && (depth == 0 || i == v.length())) {
                    String s = v.substring(from, Math.min(i, v.length()));
                    if (!s.isBlank()) {
                        out.add(s.trim());
                    }
                    from = i + 1;
                }
            }
        }
        return out;
    }

    /** The option names given. */
    Set<String> names() {
        return options.keySet();
    }

    List<String> getList(String name) {
        String v = get(name);
        List<String> out = new ArrayList<>();
        if (v != null) {
            for (String s : v.split(",")) {
                if (!s.isBlank()) {
                    out.add(s.trim());
                }
            }
        }
        return out;
    }
}
