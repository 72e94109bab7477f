package io.dumptruck.jobs;

import io.dumptruck.formats.job.NamedOptions;
import io.dumptruck.jobs.output.OutputKind;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/**
 * The options of one run.
 *
 * @param tables the output directory of the loads: {@code <tables>/<table>/<family>/<hfile>}
 * @param output a new directory: one sub-directory per data set ({@code <output>/<dataset>/part-*})
 * @param format how the data sets are written
 * @param extra the job's own options, by name
 */
public record JobOptions(Path tables, Path output, OutputKind format, Map<String, String> extra) implements NamedOptions {
  /** The scratch directory, under the output, where stages leave data for later stages; deleted at the end. */
  public static final String WORK_DIRECTORY = "_work";

  public JobOptions {
    extra = Map.copyOf(extra);
  }

  /** The directory of one table. */
  public Path table(String name) {
    return new Path(tables, name);
  }

  /** A scratch directory for data passed between stages. */
  public Path work(String name) {
    return new Path(new Path(output, WORK_DIRECTORY), name);
  }
}
