package io.dumptruck.cli;

import java.io.PrintStream;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.Tool;

/**
 * A subcommand of {@code dumptruck}, a Hadoop {@code Tool}: every command takes Hadoop's generic options ({@code -D
 * key=value}, {@code -conf file}, {@code -fs}, {@code -jt}, {@code -libjars}) anywhere before a {@code --};
 * {@code Main} takes them out before {@link #run} sees the rest. {@link #run} returns the exit code; a
 * {@link UsageException} prints the usage.
 */
abstract class Command extends Configured implements Tool {
    /** Where the command writes its output and its messages: the streams {@code Main.run} hands it. */
    protected PrintStream out = System.out;

    protected PrintStream err = System.err;

    /** Sets the streams the command writes to. */
    final Command writingTo(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
        return this;
    }
    /** One line for the command list. */
    public abstract String summary();

    /** The full usage text: synopsis and options. */
    public abstract String usage();
}
