package io.dumptruck.cli;

import io.dumptruck.loaders.generate.DataGenerator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Set;

/** {@code dumptruck generate <kind> --records N --output DIR}: large realistic inputs for benchmarks, the same for the same seed. */
public final class GenerateCommand extends Command {
  @Override
  public String summary() {
    return "write large deterministic inputs for the loaders: " + String.join(", ", DataGenerator.KINDS);
  }

  @Override
  public String usage() {
    return String.join("\n",
        "dumptruck generate <kind> --records N --output DIR [--seed S] [--files F]",
        "  kinds: weblogs (visitors, sessions, referers), graph (power-law followers and a celebrity),",
        "         titles (skewed prefixes), events (a few busy hosts)",
        "  --records N   lines in all (e.g. 5000000)",
        "  --output DIR  a new local directory for part-00000.txt, …",
        "  --seed S      the same seed and options give the same bytes (default 1)",
        "  --files F     number of files, written in parallel (default 1)");
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
    long started = System.nanoTime();
    long written = DataGenerator.generate(kind, records, args.getLong("seed", 1, 0), dir, (int) args.getLong("files", 1, 1));
    double seconds = (System.nanoTime() - started) / 1e9;
    out.printf("%,d %s lines in %s (%.1f s, %,.0f lines/s)%n", written, kind, dir.toAbsolutePath(), seconds, written / Math.max(seconds, 1e-9));
    return 0;
  }
}
