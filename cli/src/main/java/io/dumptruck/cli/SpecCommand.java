package io.dumptruck.cli;

import io.dumptruck.loaders.jsonspec.ImportTsvKey;
import io.dumptruck.loaders.jsonspec.ImportTsvSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code dumptruck spec from-importtsv -Dimporttsv.columns=… [-Dimporttsv.separator=…] TABLE [INPUT]}: an ImportTsv
 * command line as the spec loader's spec (on stdout, to save as a file), and on stderr the {@code dumptruck load spec}
 * command that does the same load, with notes on what differs. Every setting ImportTsv reads ({@link ImportTsvKey}) is
 * translated or refused, and each value checked, here rather than when the load runs.
 */
final class SpecCommand extends Command {
    @Override
    public String summary() {
        return "print the spec that does what an ImportTsv command line does (spec from-importtsv)";
    }

    @Override
    public String usage() {
        return "dumptruck spec from-importtsv -Dimporttsv.columns=HBASE_ROW_KEY,fam:col,… [-Dimporttsv.separator=C]\n"
                + "         [-Dimporttsv.bulk.output=DIR] [-Dimporttsv.timestamp=MS] [-Dimporttsv.skip.bad.lines=false] TABLE [INPUT]\n"
                + "  the same arguments as 'hbase org.apache.hadoop.hbase.mapreduce.ImportTsv': prints the spec (JSON) on\n"
                + "  stdout — save it, e.g. > TABLE.json — and on stderr the 'dumptruck load spec' command to run with it,\n"
                + "  and what the two do differently. Every setting ImportTsv reads is translated with the same meaning or\n"
                + "  refused (exit 2, naming it); one that changes nothing loaded is noted (docs/spec-loader.md)";
    }

    @Override
    public int run(String[] argv) throws Exception {
        Args args = new Args(argv, Set.of(), Set.of());
        List<String> words = args.positional();
        if (words.isEmpty() || !words.get(0).equals("from-importtsv")) {
            throw new UsageException("the one subcommand is from-importtsv: dumptruck spec from-importtsv "
                    + "-Dimporttsv.columns=HBASE_ROW_KEY,d:c1 TABLE [INPUT]");
        }
        if (words.size() < 2 || words.size() > 3) {
            throw new UsageException("give the table (and the input) as to ImportTsv: from-importtsv "
                    + "-Dimporttsv.columns=… TABLE [INPUT]");
        }
        String table = words.get(1);
        Map<String, String> settings = new HashMap<>();
        getConf().forEach(e -> {
            String key = e.getKey();
            if (key.startsWith("importtsv.") || ImportTsvKey.setting(key) != null && !aDefault(key)) {
                settings.put(key, getConf().get(key)); // as ImportTsv reads it, ${…} expanded
            }
        });
        ImportTsvSpec spec;
        try {
            spec = ImportTsvSpec.of(settings, table);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        List<String> options = new ArrayList<>(spec.loadOptions());
        List<String> notes = new ArrayList<>(spec.notes());
        Long timestamp = spec.timestamp();
        if (timestamp != null) {
            try {
                LoadCommand.refuseUnlikely(timestamp, System.currentTimeMillis());
            } catch (UsageException unlikely) { // ImportTsv took it as given: so does the load, and says so
                options.add(options.indexOf("--timestamp") + 2, "--any-timestamp");
                notes.add("importtsv.timestamp=" + timestamp + " is " + Instant.ofEpochMilli(timestamp) + ", which the "
                        + "load takes only with --any-timestamp: added, as ImportTsv takes any time");
            }
        }
        out.println(spec.json());
        String file = spec.tableName() + ".json";
        StringBuilder command = new StringBuilder("dumptruck load spec --spec " + file + " --input "
                + (words.size() == 3 ? shellWord(words.get(2)) : "INPUT"));
        options.forEach(o -> command.append(' ').append(shellWord(o)));
        err.println("# save the spec above as " + file + ", then " + (spec.dryRun() ? "check the load" : "load")
                + " with:");
        err.println("#   " + command);
        if (!spec.dryRun()) {
            err.println("#   and bulk-load the output with: dumptruck bulkload " + shellWord(spec.output()));
        }
        notes.forEach(n -> err.println("# note: " + n));
        return 0;
    }

    /** True when {@code key} holds only a value of Hadoop's own defaults ({@code *-default.xml}), which no one gave. */
    private boolean aDefault(String key) {
        String[] sources = getConf().getPropertySources(key);
        return sources != null && Arrays.stream(sources).allMatch(s -> s.endsWith("-default.xml"));
    }

    /** {@code word} as a POSIX shell reads it back: as is when plain, else in single quotes. */
    static String shellWord(String word) {
        return word.matches("[\\w@%+=:,./-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}
