package io.dumptruck.cli;

import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.Tool;

/**
 * A subcommand of {@code dumptruck}. Runs through {@code ToolRunner}, so every command takes Hadoop's
 * generic options ({@code -D key=value}, {@code -conf file}, {@code -fs}, {@code -jt}, {@code -libjars})
 * before its own. {@link #run} returns the exit code; a {@link UsageException} prints the usage.
 */
public abstract class Command extends Configured implements Tool {
  /** One line for the command list. */
  public abstract String summary();

  /** The full usage text: synopsis and options. */
  public abstract String usage();
}
