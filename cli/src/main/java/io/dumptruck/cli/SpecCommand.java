package io.dumptruck.cli;

import io.dumptruck.loaders.jsonspec.ImportTsvSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code dumptruck spec from-importtsv -Dimporttsv.columns=… [-Dimporttsv.separator=…] TABLE [INPUT]}: an ImportTsv
 * command line as the spec loader's spec (on stdout, to save as a file), and on stderr the {@code dumptruck load spec}
 * command that does the same load, with notes on what differs.
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
                + "  and what the two do differently";
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
            if (e.getKey().startsWith("importtsv.")) {
                settings.put(e.getKey(), getConf().getRaw(e.getKey()));
            }
        });
        ImportTsvSpec spec;
        try {
            spec = ImportTsvSpec.of(settings, table);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        out.println(spec.json());
        String file = spec.tableName() + ".json";
        StringBuilder command = new StringBuilder(
                "dumptruck load spec --spec " + file + " --input " + (words.size() == 3 ? words.get(2) : "INPUT"));
        spec.loadOptions().forEach(o -> command.append(' ').append(o));
        err.println("# save the spec above as " + file + ", then load with:");
        err.println("#   " + command);
        err.println("#   and bulk-load the output with: dumptruck bulkload " + spec.output());
        spec.notes().forEach(n -> err.println("# note: " + n));
        return 0;
    }
}
