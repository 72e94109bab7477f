package io.dumptruck.loaders;

import io.dumptruck.formats.PublicApi;
import java.io.IOException;
import java.util.List;

/**
 * A question a loader's tables were designed to answer: one access pattern of a table in {@code docs/tables.md}, asked
 * in natural terms (a user, a prefix, a point, an address) with the keys worked out by the answer. A loader declares
 * its questions ({@link Loader#questions}); {@code dumptruck query}, its help, the demo and the map server take them
 * from {@link LoaderCatalog#questions}, so a new loader's questions need no change anywhere else.
 *
 * @param name what the user types: {@code dumptruck query <name> …}
 * @param arguments the arguments after the tables, as the usage shows them; one in brackets is optional ({@code "USER
 *     [OTHER]"})
 * @param summary one line: what the answer is
 * @param tables the tables it reads, by name (as the loader writes them)
 * @param options its own options ({@code --limit}, {@code --table}, {@code --json} and {@code --reads} are everyone's)
 * @param listing the list {@code --limit} cuts and its order; null when the answer lists nothing {@code --limit} cuts
 * @param answerer reads the tables through {@link Asked#table} and says what it found
 */
@PublicApi
public record Question(
        String name,
        String arguments,
        String summary,
        List<String> tables,
        List<Option> options,
        Listing listing,
        Answerer answerer) {

    /** How many items an answer lists when {@code --limit} is not given. */
    public static final long DEFAULT_LIMIT = 20;

    /** The most {@code --limit} takes, on the command line and over HTTP alike. */
    public static final long MAX_LIMIT = 100_000;

    /**
     * An option of one question: {@code --name VALUE}, or a flag when {@code value} is null; a {@code secret} one (a
     * password) is never echoed back; {@code defaultValue} is what the answer uses when it is not given (null: none, or
     * one the answer finds in the table, said in {@code help}).
     */
    public record Option(String name, String value, String help, boolean secret, String defaultValue) {
        public Option(String name, String value, String help) {
            this(name, value, help, false, null);
        }

        public Option(String name, String value, String help, boolean secret) {
            this(name, value, help, secret, null);
        }

        /** This option, used as {@code value} when not given. */
        public Option withDefault(String value) {
            return new Option(name, this.value, help, secret, value);
        }
    }

    /**
     * The list of an answer that {@code --limit} cuts: its JSON field and its order, in words (what comes first, how
     * ties go). The answer keeps the first N of that order: the limit is applied to the ordered list, never to what a
     * scan happened to read first.
     */
    public record Listing(String field, String order) {}

    /** A question whose answer lists nothing {@code --limit} cuts. */
    public Question(
            String name,
            String arguments,
            String summary,
            List<String> tables,
            List<Option> options,
            Answerer answerer) {
        this(name, arguments, summary, tables, options, null, answerer);
    }

    /** The code that answers a question. */
    @FunctionalInterface
    public interface Answerer {
        /**
         * The answer; an {@link IllegalArgumentException} for arguments it cannot take (said to the user as a usage
         * error, in one line).
         */
        Answer answer(Asked asked) throws IOException;
    }

    public Question {
        tables = List.copyOf(tables);
        options = List.copyOf(options);
    }

    /**
     * An asking of this question with {@code arguments} (those after the tables), its options and flags as given, at
     * most {@code limit} items listed, its tables from {@code tables}; an {@link IllegalArgumentException} when there
     * are fewer or more arguments than it takes.
     */
    public Asked ask(
            List<String> arguments,
            java.util.Map<String, String> options,
            java.util.Set<String> flags,
            long limit,
            Asked.Tables tables) {
        if (arguments.size() < requiredArguments()
                || arguments.size() > argumentNames().size()) {
            throw new IllegalArgumentException(name + " takes "
                    + (this.arguments.isBlank() ? "no arguments" : this.arguments) + " after the tables, got "
                    + arguments.size() + " argument(s)");
        }
        return new Asked(argumentNames(), arguments, options, flags, limit, tables);
    }

    /** The answer to {@code asked}. */
    public Answer answer(Asked asked) throws IOException {
        return answerer.answer(asked);
    }

    /** The names of its arguments, brackets removed. */
    public List<String> argumentNames() {
        return arguments.isBlank()
                ? List.of()
                : List.of(arguments.replace("[", "").replace("]", "").trim().split("\\s+"));
    }

    /** How many arguments it needs at least (those not in brackets). */
    public int requiredArguments() {
        return arguments.isBlank()
                ? 0
                : (int) List.of(arguments.trim().split("\\s+")).stream()
                        .filter(a -> !a.startsWith("["))
                        .count();
    }
}
