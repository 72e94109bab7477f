package io.dumptruck.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.read.NotATableException;
import io.dumptruck.formats.read.Reads;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.loaders.Answer;
import io.dumptruck.loaders.Asked;
import io.dumptruck.loaders.LoaderCatalog;
import io.dumptruck.loaders.Question;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * {@code dumptruck query <question> <tables> ARGS}: the questions each table was designed for, asked in natural terms
 * (user ids, a prefix, lat/lon, an address). The questions are the loaders' ({@link LoaderCatalog#questions}); this
 * command finds their tables, parses their options, and prints their answers as text or JSON.
 */
final class QueryCommand extends Command {
    /** The options of every question. */
    private static final Set<String> COMMON_VALUED = Set.of("limit", "table");

    private static final Set<String> COMMON_FLAGS = Set.of("json", "reads");

    @Override
    public String summary() {
        return "answer a table's access pattern: "
                + String.join(", ", LoaderCatalog.questions().keySet());
    }

    @Override
    public String usage() {
        List<String> lines = new ArrayList<>(List.of(
                "dumptruck query <question> <tables> ARGS [options]",
                "  <tables>     the output directory of a load, or the one table the question reads: an HBase snapshot",
                "               (snapshot:NAME with hbase.rootdir set, or <root>/.hbase-snapshot/NAME), an HBase table directory",
                "               <root>/data/<ns>/<table>, or a load's <output>/<table>"));
        for (Question q : LoaderCatalog.questions().values()) {
            lines.add(String.format(
                    "  %-12s DIR %-20s %s (%s load)",
                    q.name(),
                    q.arguments(),
                    q.summary(),
                    LoaderCatalog.loaderOf(q).name()));
            for (Question.Option o : q.options()) {
                lines.add(String.format(
                        "  %-12s     --%-18s %s", "", o.name() + (o.value() == null ? "" : " " + o.value()), o.help()));
            }
            if (q.listing() != null) {
                lines.add(String.format(
                        "  %-12s     lists %s: %s",
                        "", q.listing().field(), q.listing().order()));
            }
        }
        lines.addAll(List.of(
                "  --limit N    at most N answers listed, the first N of the question's order (default "
                        + Question.DEFAULT_LIMIT + ", at most " + Question.MAX_LIMIT + ")",
                "  --table T=LOCATION  read table T from LOCATION (snapshot:NAME or a directory), e.g. visits' cookie_stats (repeat)",
                "  --json       the answer as one JSON document: question, loader, arguments, answer, reads",
                "  --reads      also print the gets, scans, rows and cells the answer took"));
        return String.join("\n", lines);
    }

    @Override
    public int run(String[] argv) throws Exception {
        String name = argv.length == 0 || argv[0].startsWith("--") ? null : argv[0];
        Question question = name == null ? null : LoaderCatalog.questions().get(name);
        if (question == null) {
            throw new UsageException(
                    (name == null ? "give a question" : "unknown question '" + name + "'") + "; questions: "
                            + String.join(", ", LoaderCatalog.questions().keySet()));
        }
        Set<String> valued = new HashSet<>(COMMON_VALUED);
        Set<String> flags = new HashSet<>(COMMON_FLAGS);
        question.options().forEach(o -> (o.value() == null ? flags : valued).add(o.name()));
        Args args = new Args(argv, valued, flags);
        Configuration conf = getConf();
        Tables tables = new Tables(
                conf,
                TableLocation.of(conf, args.positional(1, "<tables>")),
                TableLocation.located(conf, args.getAll("table")),
                err);
        Map<String, String> options = new HashMap<>();
        Set<String> given = new HashSet<>();
        for (Question.Option o : question.options()) {
            if (o.value() == null && args.flag(o.name())) {
                given.add(o.name());
            } else if (o.value() != null && args.has(o.name())) {
                options.put(o.name(), args.get(o.name()));
            }
        }
        List<String> arguments = args.positional().subList(2, args.positional().size());
        Answer answer;
        Reads reads;
        long limit = args.getLong("limit", Question.DEFAULT_LIMIT, 1, Question.MAX_LIMIT);
        try (Asked asked = question.ask(arguments, options, given, limit, tables::open)) {
            answer = question.answer(asked);
            reads = asked.reads();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        if (args.flag("json")) {
            out.println(JSON.writerWithDefaultPrettyPrinter()
                    .writeValueAsString(document(question, arguments, options, given, limit, answer, reads)));
        } else {
            answer.lines().forEach(out::println);
            if (args.flag("reads")) {
                out.println("reads: " + reads);
            }
        }
        return 0;
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The JSON document of an answer, as {@code --json} prints it and the map server sends it: question, loader,
     * arguments (by name: the arguments given, every option with a value — given or its default — every flag as
     * true/false, and {@code limit} when the answer lists what it cuts: its listing's field is a list), answer, reads.
     */
    static ObjectNode document(
            Question question,
            List<String> arguments,
            Map<String, String> options,
            Set<String> flags,
            long limit,
            Answer answer,
            Reads reads) {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("question", question.name())
                .put("loader", LoaderCatalog.loaderOf(question).name());
        ObjectNode named = doc.putObject("arguments");
        List<String> names = question.argumentNames();
        for (int i = 0; i < arguments.size(); i++) {
            named.put(names.get(i), arguments.get(i));
        }
        for (Question.Option o : question.options()) {
            if (o.value() == null) {
                named.put(o.name(), flags.contains(o.name()));
            } else if (options.containsKey(o.name())) {
                named.put(o.name(), o.secret() ? "(secret)" : options.get(o.name()));
            } else if (o.defaultValue() != null) {
                named.put(o.name(), o.defaultValue());
            }
        }
        if (question.listing() != null
                && answer.json().path(question.listing().field()).isArray()) {
            named.put("limit", limit); // an asking that lists: not follows USER OTHER, which answers one thing
        }
        doc.set("answer", answer.json());
        doc.putObject("reads")
                .put("gets", reads.gets())
                .put("scans", reads.scans())
                .put("rows", reads.rows())
                .put("cells", reads.cells());
        return doc;
    }

    /**
     * Where a question's tables are: {@code --table} locations first, then the {@code <tables>} argument — a load's
     * output directory holding the table by name, a folder of load outputs one of which holds it (the demo's), or one
     * table, which must be the one asked for (its name without the namespace).
     */
    record Tables(Configuration conf, Path given, Map<String, Path> located, PrintStream err) {
        TableReader open(String table) throws IOException {
            if (located.containsKey(table)) {
                return TableLocation.open(conf, located.get(table), err);
            }
            Path inOutput = new Path(given, table);
            org.apache.hadoop.fs.FileSystem fs = given.getFileSystem(conf);
            if (fs.exists(inOutput)) {
                return TableLocation.open(conf, inOutput, err);
            }
            List<Path> inLoads = new ArrayList<>(); // a folder of load outputs, as the demo writes
            if (fs.getFileStatus(given).isDirectory()) {
                for (org.apache.hadoop.fs.FileStatus sub : fs.listStatus(given)) {
                    Path candidate = new Path(sub.getPath(), table);
                    if (sub.isDirectory() && fs.exists(new Path(sub.getPath(), "_SUCCESS")) && fs.exists(candidate)) {
                        inLoads.add(candidate);
                    }
                }
            }
            if (inLoads.size() == 1) {
                return TableLocation.open(conf, inLoads.get(0), err);
            }
            if (inLoads.size() > 1) {
                throw new UsageException("several loads in " + given + " hold a table " + table + " (" + inLoads
                        + "): give one of their output directories, or --table " + table + "=LOCATION");
            }
            TableReader reader;
            try {
                reader = TableLocation.open(conf, given, err);
            } catch (NotATableException e) {
                throw new UsageException(
                        given + " has no table " + table + "; give the output directory of the load that writes it, "
                                + "or --table " + table + "=LOCATION (snapshot:NAME or a table directory)",
                        e);
            }
            String name = reader.table().spec().name();
            if (!name.substring(name.indexOf(':') + 1).equals(table)) {
                reader.close();
                throw new UsageException(given + " is table " + name + ", not " + table + ": give --table " + table
                        + "=LOCATION (snapshot:NAME or a table directory)");
            }
            return reader;
        }
    }
}
