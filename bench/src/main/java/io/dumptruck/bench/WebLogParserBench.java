package io.dumptruck.bench;

import io.dumptruck.loaders.generate.DataGenerator;
import io.dumptruck.loaders.weblogs.WebLogParser;
import java.io.IOException;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Web-log lines parsed per second: {@link WebLogParser} against the way log lines are usually read, one regular
 * expression for the combined format with the cookie and duration, its groups taken out and the time parsed with
 * {@link DateTimeFormatter} (no unescaping, no referer reversal, so it does less than the parser). Both read the same
 * 10,000 generated lines.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
@State(Scope.Benchmark)
public class WebLogParserBench {
    static final int LINES = 10_000;
    private static final Pattern COMBINED = Pattern.compile(
            "^(\\S+) (\\S+) (\\S+) \\[([^\\]]+)\\] \"((?:[^\"\\\\]|\\\\.)*)\" (\\d{3}) (\\S+) \"((?:[^\"\\\\]|\\\\.)*)\" "
                    + "\"((?:[^\"\\\\]|\\\\.)*)\"(?: \"((?:[^\"\\\\]|\\\\.)*)\" (\\S+))?$");
    private static final DateTimeFormatter APACHE_TIME =
            DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT);

    private List<String> lines;
    private final WebLogParser parser = new WebLogParser();

    @Setup
    public void setUp() throws IOException {
        lines = BenchTables.lines(DataGenerator.WEBLOGS, LINES, 11);
        int records = 0;
        int matches = 0;
        for (String line : lines) {
            records += parser.parse(line).isRecord() ? 1 : 0;
            matches += COMBINED.matcher(line).matches() ? 1 : 0;
        }
        if (records != matches) {
            throw new IllegalStateException(
                    "the parser takes " + records + " lines, the regular expression " + matches);
        }
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void webLogParser(Blackhole bh) {
        for (String line : lines) {
            bh.consume(parser.parse(line));
        }
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void regex(Blackhole bh) {
        for (String line : lines) {
            Matcher m = COMBINED.matcher(line);
            if (m.matches()) {
                for (int g = 1; g <= m.groupCount(); g++) {
                    bh.consume(m.group(g));
                }
                bh.consume(
                        ZonedDateTime.parse(m.group(4), APACHE_TIME).toInstant().toEpochMilli());
            }
        }
    }
}
