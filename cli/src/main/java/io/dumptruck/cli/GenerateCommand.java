package io.dumptruck.cli;

import io.dumptruck.loaders.generate.DataGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * {@code dumptruck generate <kind> --records N --output DIR}: large realistic inputs for benchmarks, the same for the
 * same seed.
 */
final class GenerateCommand extends Command {
    /** The most files one run writes. */
    static final int MAX_FILES = 10_000;
    /** Fewer bytes than any kind's line takes: what a run of N records needs on disk at the least. */
    private static final long MIN_LINE_BYTES = 16;

    @Override
    public String summary() {
        return "write large deterministic inputs for the loaders: " + String.join(", ", DataGenerator.KINDS);
    }

    @Override
    public String usage() {
        return String.join(
                "\n",
                "dumptruck generate <kind> --records N --output DIR [--seed S] [--files F]",
                "  kinds: weblogs (visitors, sessions, referers), graph (power-law followers and a celebrity),",
                "         titles (skewed prefixes), events (a few busy hosts)",
                "  --records N   lines in all (e.g. 5000000)",
                "  --output DIR  a new local directory for part-00000.txt, …",
                "  --seed S      the same seed and options give the same bytes (default 1)",
                "  --files F     number of files, written in parallel (default 1, at most --records and " + MAX_FILES
                        + ")",
                "  Stopped (Ctrl-C), it removes DIR: a cut file never passes for a whole one.");
    }

    @Override
    public int run(String[] argv) throws Exception {
        Args args = new Args(argv, Set.of("records", "output", "seed", "files"), Set.of());
        String kind = args.positional(0, "<kind>");
        args.expectPositionals(1);
        if (!DataGenerator.KINDS.contains(kind)) {
            throw new UsageException("unknown kind '" + kind + "'; kinds: " + String.join(", ", DataGenerator.KINDS));
        }
        if (!args.has("records") || !args.has("output")) {
            throw new UsageException("give --records N and --output DIR");
        }
        Path dir = Paths.get(args.get("output"));
        if (Files.exists(dir)) {
            throw new UsageException(dir + " already exists; give --output a new directory");
        }
        long records = args.getLong("records", 0, 0);
        int files = args.getInt("files", 1, 1, MAX_FILES);
        if (files > Math.max(1, records)) {
            throw new UsageException(
                    "--files " + files + " is more than --records " + records + ": a file would hold no line");
        }
        Path existing = dir.toAbsolutePath();
        while (!Files.exists(existing)) {
            existing = existing.getParent();
        }
        long free = Files.getFileStore(existing).getUsableSpace();
        if (records > free / MIN_LINE_BYTES) {
            throw new UsageException(String.format(
                    "--records %,d needs more than the %,d MB free where %s goes", records, free >> 20, dir));
        }
        long seed = args.getLong("seed", 1, 0);
        AtomicBoolean done = new AtomicBoolean();
        Thread removeIfStopped = new Thread(() -> {
            if (!done.get()) {
                err.println(
                        "dumptruck generate: stopped; removed " + dir + " (a cut file never passes for a whole one)");
                deleteQuietly(dir);
            }
        });
        Runtime.getRuntime().addShutdownHook(removeIfStopped);
        long started = System.nanoTime();
        long written;
        try {
            written = DataGenerator.generate(kind, records, seed, dir, files);
            done.set(true);
        } catch (RuntimeException e) {
            done.set(true);
            deleteQuietly(dir);
            throw e;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(removeIfStopped);
            } catch (IllegalStateException stopping) {
                // the JVM is stopping: the hook runs and finds the run done or not
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        out.printf(
                "%,d %s lines in %s (%.1f s, %,.0f lines/s)%n",
                written, kind, dir.toAbsolutePath(), seconds, written / Math.max(seconds, 1e-9));
        return 0;
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // nothing more to do: the message says what was meant
        }
    }
}
