package io.dumptruck.loaders;

import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.read.Reads;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.runtime.NamedOptions;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One asking of a question (made by its {@code ask}): its arguments and options as given, the answer's limit, and its
 * tables, opened on first use through the asker's {@link Tables} (the command line's locations, the map server's) and
 * closed with it. Every get and scan made through them is counted ({@link #reads}).
 */
@PublicApi
public final class Asked implements NamedOptions, Closeable {
    /** Where the asker finds a table by name. */
    @FunctionalInterface
    public interface Tables {
        TableReader open(String table) throws IOException;
    }

    private final List<String> names;
    private final List<String> arguments;
    private final Map<String, String> options;
    private final Set<String> flags;
    private final long limit;
    private final Tables tables;
    private final Map<String, TableReader> open = new LinkedHashMap<>();
    /** Each table's reads before this asking first used it (a reader kept open between askings). */
    private final Map<String, Reads> before = new LinkedHashMap<>();

    private final Reads closed = new Reads();

    /** {@code names}: the question's arguments' names; {@code arguments}: as given (their count checked). */
    Asked(
            List<String> names,
            List<String> arguments,
            Map<String, String> options,
            Set<String> flags,
            long limit,
            Tables tables) {
        this.names = List.copyOf(names);
        this.arguments = List.copyOf(arguments);
        this.options = Map.copyOf(options);
        this.flags = Set.copyOf(flags);
        this.limit = limit;
        this.tables = tables;
    }

    /** The argument called {@code name} in the question's usage, or null when an optional one is not given. */
    public String argument(String name) {
        int i = names.indexOf(name);
        if (i < 0) {
            throw new IllegalStateException("the question has no argument " + name);
        }
        return i < arguments.size() ? arguments.get(i) : null;
    }

    /** The arguments as given, in order. */
    public List<String> arguments() {
        return arguments;
    }

    @Override
    public Map<String, String> extra() {
        return options;
    }

    public boolean flag(String name) {
        return flags.contains(name);
    }

    /** At most this many items listed. */
    public long limit() {
        return limit;
    }

    /** The table {@code name}, opened once. */
    public TableReader table(String name) throws IOException {
        TableReader r = open.get(name);
        if (r == null) {
            r = tables.open(name);
            open.put(name, r);
            before.put(name, r.reads().copy());
        }
        return r;
    }

    /**
     * {@code text} as degrees from -{@code limit} to {@code limit}, or an IllegalArgumentException naming {@code what}.
     */
    public static double degrees(String text, String what, double limit) {
        double v;
        try {
            v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (!(v >= -limit && v <= limit)) { // NaN too
            throw new IllegalArgumentException(what + " must be a number of degrees from -" + (int) limit + " to "
                    + (int) limit + ", got '" + text + "'");
        }
        return v;
    }

    /** The gets and scans made so far through the tables (a scan once closed). */
    public Reads reads() {
        Reads all = new Reads();
        all.add(closed);
        open.forEach((name, r) -> all.add(r.reads().minus(before.get(name))));
        return all;
    }

    @Override
    public void close() throws IOException {
        List<IOException> failed = new ArrayList<>();
        for (Map.Entry<String, TableReader> table : open.entrySet()) {
            TableReader r = table.getValue();
            closed.add(r.reads().minus(before.get(table.getKey())));
            try {
                r.close();
            } catch (IOException e) {
                failed.add(e);
            }
        }
        open.clear();
        if (!failed.isEmpty()) {
            throw failed.get(0);
        }
    }
}
