package io.dumptruck.loaders.generate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Writes large, realistic, reproducible inputs for the loaders: Apache logs ({@value #WEBLOGS}), follower edges
 * ({@value #GRAPH}), ranked titles ({@value #TITLES}) and host events ({@value #EVENTS}), in the line formats of
 * docs/tables.md. What each kind models is described on its generator ({@link WebLogGenerator}, {@link GraphGenerator},
 * {@link TitleGenerator}, {@link EventGenerator}).
 *
 * <p><b>Reproducible:</b> the output is a function of the arguments alone. Every random number comes from
 * {@link java.util.SplittableRandom} streams derived from the seed and the file number, and the floating-point
 * functions are {@link StrictMath}'s, so the same arguments give byte-identical files on every run, JVM and platform;
 * no clock, no hash order. Changing {@code files} changes the content, not just its split.
 *
 * <p><b>Fast:</b> files are written in parallel, one thread per file up to the number of processors, each through a 64
 * KiB buffer, with no per-line strings, formatting or regular expressions.
 */
public final class DataGenerator {
    public static final String WEBLOGS = "weblogs";
    public static final String GRAPH = "graph";
    public static final String TITLES = "titles";
    public static final String EVENTS = "events";
    /** The kinds {@link #generate} knows. */
    public static final List<String> KINDS = List.of(WEBLOGS, GRAPH, TITLES, EVENTS);

    private DataGenerator() {}

    /**
     * Writes {@code records} lines of {@code kind} into {@code outDir} as {@code files} UTF-8 text files
     * {@code part-00000.txt}, {@code part-00001.txt}, … ({@code '\n'} line ends; existing files of those names are
     * replaced), sharing the lines as evenly as possible.
     *
     * @param kind one of {@link #KINDS}
     * @param records the number of lines in all, ≥ 0
     * @param seed any value; the same arguments always give the same bytes
     * @param outDir the directory, created if missing
     * @param files the number of files, ≥ 1
     * @return the number of lines written: {@code records}
     * @throws IllegalArgumentException for an unknown kind or a negative count
     * @throws UncheckedIOException if a file cannot be written
     */
    public static long generate(String kind, long records, long seed, Path outDir, int files) {
        if (!KINDS.contains(kind)) {
            throw new IllegalArgumentException("unknown kind '" + kind + "'; use one of " + KINDS);
        }
        if (records < 0 || files < 1) {
            throw new IllegalArgumentException("need records >= 0 and files >= 1: " + records + ", " + files);
        }
        try {
            Files.createDirectories(outDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<FilePart> parts = new ArrayList<>(files);
        for (int i = 0; i < files; i++) {
            long lines = share(records, i + 1, files) - share(records, i, files);
            parts.add(new FilePart(seed, i, files, lines, records));
        }
        if (files == 1) {
            return write(kind, parts.get(0), outDir);
        }
        ExecutorService pool = Executors.newFixedThreadPool(
                Math.min(files, Runtime.getRuntime().availableProcessors()), runnable -> {
                    Thread t = new Thread(runnable, "data-generator");
                    t.setDaemon(true);
                    return t;
                });
        try {
            List<Future<Long>> written = new ArrayList<>(files);
            for (FilePart part : parts) {
                written.add(pool.submit(() -> write(kind, part, outDir)));
            }
            long total = 0;
            for (Future<Long> f : written) {
                total += f.get();
            }
            return total;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while generating " + kind, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw new IllegalStateException(cause);
        } finally {
            pool.shutdownNow();
        }
    }

    /** The name of file {@code index}: {@code part-00000.txt}. */
    static String fileName(int index) {
        String digits = Integer.toString(index);
        return "part-" + "00000".substring(Math.min(5, digits.length())) + digits + ".txt";
    }

    /** Lines in files {@code 0..index-1}: ⌊records × index / files⌋ without overflow. */
    private static long share(long records, int index, int files) {
        return records / files * index + records % files * index / files;
    }

    private static long write(String kind, FilePart part, Path outDir) {
        Path file = outDir.resolve(fileName(part.index()));
        try (LineWriter out = new LineWriter(Files.newOutputStream(file))) {
            LineGenerator generator = generatorFor(kind, part);
            for (long i = 0; i < part.lines(); i++) {
                generator.writeLine(out);
            }
            return out.lines();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static LineGenerator generatorFor(String kind, FilePart part) {
        switch (kind) {
            case WEBLOGS:
                return new WebLogGenerator(part);
            case GRAPH:
                return new GraphGenerator(part);
            case TITLES:
                return new TitleGenerator(part);
            default:
                return new EventGenerator(part);
        }
    }
}
