package io.dumptruck.cli;

import io.dumptruck.formats.ConfKey;
import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.read.NotATableException;
import io.dumptruck.jobs.JobCatalog;
import io.dumptruck.loaders.LoaderCatalog;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.GenericOptionsParser;

/**
 * The {@code dumptruck} command line: {@code dumptruck <command> [generic options] [options]}, the same under
 * {@code bin/dumptruck} (local mode) and {@code hadoop jar dumptruck-VERSION.jar} (the cluster in the Hadoop
 * configuration). Exit codes: 0 success, 1 failure, 2 bad usage.
 */
public final class Main {
    static final Map<String, Supplier<Command>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("demo", DemoCommand::new);
        COMMANDS.put("load", LoadCommand::new);
        COMMANDS.put("query", QueryCommand::new);
        COMMANDS.put("serve", ServeCommand::new);
        COMMANDS.put("ddl", DdlCommand::new);
        COMMANDS.put("bulkload", BulkLoadCommand::new);
        COMMANDS.put("ledger", LedgerCommand::new);
        COMMANDS.put("run", RunCommand::new);
        COMMANDS.put("inspect", InspectCommand::new);
        COMMANDS.put("generate", GenerateCommand::new);
        COMMANDS.put("get", GetCommand::new);
        COMMANDS.put("scan", ScanCommand::new);
        COMMANDS.put("spec", SpecCommand::new);
        COMMANDS.put("version", VersionCommand::new);
    }

    private Main() {}

    public static void main(String[] args) throws Throwable {
        if (OneLoaderLaunch.needed()) {
            OneLoaderLaunch.relaunch(args);
            return;
        }
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || isHelp(args[0])) {
            if (args.length > 1 && args[1].equals("config")) {
                out.print(configKeys());
                return 0;
            }
            if (args.length > 1 && COMMANDS.containsKey(args[1])) {
                out.println("usage: " + COMMANDS.get(args[1]).get().usage());
                return 0;
            }
            (args.length == 0 ? err : out).print(usage());
            return args.length == 0 ? 2 : 0;
        }
        Supplier<Command> factory = COMMANDS.get(args[0]);
        if (factory == null) {
            err.println("dumptruck: unknown command '" + visible(args[0]) + "'; commands: "
                    + String.join(", ", COMMANDS.keySet()) + " (dumptruck help)");
            return 2;
        }
        Command command = factory.get();
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        if (rest.length > 0 && isHelp(rest[0]) || Arrays.asList(rest).contains("--help")) {
            out.println("usage: " + command.usage());
            return 0;
        }
        try {
            return runWithGenericOptions(command.writingTo(out, err), rest);
        } catch (UsageException | NotATableException e) { // a table path that is not one is a command line to fix too
            err.println(
                    "dumptruck " + args[0] + ": " + visible(e.getMessage()) + " (see: dumptruck help " + args[0] + ")");
            if (System.getenv("DUMPTRUCK_DEBUG") != null) {
                e.printStackTrace(err);
            }
            return 2;
        } catch (Exception | LinkageError | StackOverflowError | OutOfMemoryError e) {
            err.println("dumptruck " + args[0] + ": " + visible(oneLine(e)));
            if (System.getenv("DUMPTRUCK_DEBUG") != null) {
                e.printStackTrace(err);
            }
            return 1;
        }
    }

    /** Hadoop's generic options that take a value; {@code -Dk=v} also comes glued. */
    private static final Set<String> GENERIC_OPTIONS =
            Set.of("-D", "-conf", "-fs", "-jt", "-files", "-libjars", "-archives", "-tokenCacheFile");

    /** True for one of Hadoop's generic options: {@code -D}, {@code -Dk=v}, {@code -conf}, …. */
    private static boolean isGenericOption(String arg) {
        return GENERIC_OPTIONS.contains(arg) || (arg.startsWith("-D") && arg.length() > 2);
    }

    /**
     * Like {@code ToolRunner.run}, but the generic options may stand anywhere before a {@code --} ({@code dumptruck
     * query follows -D k=v DIR alice} as well as {@code dumptruck query -D k=v follows …}), and only they go through
     * Hadoop's parser, so the command's own arguments arrive untouched (Hadoop's parser would drop a {@code --}, after
     * which a row key may start with {@code -D}).
     */
    static int runWithGenericOptions(Command command, String[] args) throws Exception {
        List<String> generic = new ArrayList<>();
        List<String> own = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--")) {
                own.addAll(Arrays.asList(args).subList(i, args.length));
                break;
            }
            if (!isGenericOption(args[i])) {
                own.add(args[i]);
                continue;
            }
            generic.add(args[i]);
            if (GENERIC_OPTIONS.contains(args[i])) {
                if (i + 1 >= args.length) {
                    throw new UsageException(
                            args[i] + " needs a value" + (args[i].equals("-D") ? ": -D key=value" : ""));
                }
                generic.add(args[++i]);
            }
        }
        Configuration conf = new Configuration();
        new GenericOptionsParser(conf, generic.toArray(new String[0]));
        try { // a bad or misspelt dumptruck.* key, from -D or a *-site.xml, fails here rather than in a task or never
            ConfKey.checkUserSettings(conf, allConfKeys());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        KerberosLogin.login(conf);
        command.setConf(conf);
        return command.run(own.toArray(new String[0]));
    }

    private static boolean isHelp(String a) {
        return a.equals("help") || a.equals("--help") || a.equals("-h");
    }

    /**
     * {@code text} with every control character (a line break, a tab, an escape sequence that would drive the terminal)
     * written as {@code \xNN}: an error is one line of plain text whatever the user's input held.
     */
    static String visible(String text) {
        if (text == null || text.chars().noneMatch(Character::isISOControl)) {
            return text;
        }
        StringBuilder b = new StringBuilder(text.length() + 16);
        text.chars()
                .forEach(c ->
                        b.append(Character.isISOControl(c) ? String.format("\\x%02X", c) : String.valueOf((char) c)));
        return b.toString();
    }

    /** The first line of the message, or the exception type when there is none. */
    static String oneLine(Throwable e) {
        if (e instanceof StackOverflowError) {
            return "input nested too deeply to read (the JVM's stack ran out); look for a file with thousands of nested brackets";
        }
        if (e instanceof OutOfMemoryError) {
            return "out of memory (" + e.getMessage()
                    + "); give the JVM more (JAVA_OPTS=-Xmx4g) or the job smaller inputs";
        }
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            return e.getClass().getSimpleName();
        }
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** Every dumptruck.* configuration key of every module. */
    private static List<ConfKey> allConfKeys() {
        List<ConfKey> keys = new ArrayList<>();
        keys.addAll(List.of(FormatConf.values()));
        keys.addAll(LoaderCatalog.confKeys());
        keys.addAll(JobCatalog.confKeys());
        return keys;
    }

    /**
     * {@code dumptruck help config}: every dumptruck.* configuration key, its default and meaning; the ones to set
     * first.
     */
    static String configKeys() {
        List<ConfKey> keys = allConfKeys();
        StringBuilder b =
                new StringBuilder("dumptruck's configuration keys (set with -D key=value or in a *-site.xml):\n");
        keys.stream()
                .filter(k -> !k.internal())
                .forEach(k -> b.append(String.format(
                        "  %-42s %-12s %s%n",
                        k.key(), k.defaultValue() == null ? "(sized)" : k.defaultValue(), k.meaning())));
        b.append("\nSet by dumptruck itself (listed so that a job's configuration can be read):\n");
        keys.stream()
                .filter(ConfKey::internal)
                .forEach(k -> b.append(String.format(
                        "  %-42s %s%n",
                        k.key(), k.meaning().substring("internal:".length()).trim())));
        return b.toString();
    }

    static String usage() {
        StringBuilder b = new StringBuilder();
        b.append(
                "usage: dumptruck <command> [hadoop generic options: -D k=v, -conf f, -fs, -jt, -libjars] [options]\n\n");
        b.append("Commands:\n");
        COMMANDS.forEach((name, f) ->
                b.append(String.format("  %-10s %s%n", name, f.get().summary())));
        b.append(
                "\nRun 'dumptruck help <command>' for a command's options, 'dumptruck help config' for the configuration keys.\n");
        b.append("Local mode is the default; under 'hadoop jar' the cluster in the Hadoop configuration is used.\n");
        b.append("Errors are one line; DUMPTRUCK_DEBUG=1 adds stack traces.\n");
        return b.toString();
    }
}
