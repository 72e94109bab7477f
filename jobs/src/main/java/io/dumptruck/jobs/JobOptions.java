package io.dumptruck.jobs;

import io.dumptruck.formats.runtime.NamedOptions;
import io.dumptruck.jobs.output.OutputKind;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/**
 * The options of one run.
 *
 * @param tables the output directory of the loads: {@code <tables>/<table>/<family>/<hfile>} (null when every table the
 *     job reads is {@code located})
 * @param output a new directory: one sub-directory per data set ({@code <output>/<dataset>/part-*})
 * @param format how the data sets are written
 * @param extra the job's own options, by name
 * @param located tables read from elsewhere than {@code tables}, by name: an HBase snapshot or table directory, or
 *     another load's table directory
 */
public record JobOptions(
        Path tables, Path output, OutputKind format, Map<String, String> extra, Map<String, Path> located)
        implements NamedOptions {
    /** The scratch directory, under the output, where stages leave data for later stages; deleted at the end. */
    public static final String WORK_DIRECTORY = "_work";

    public JobOptions {
        extra = Map.copyOf(extra);
        located = Map.copyOf(located);
    }

    /** A run over the tables of one load output. */
    public JobOptions(Path tables, Path output, OutputKind format, Map<String, String> extra) {
        this(tables, output, format, extra, Map.of());
    }

    /** Where the table {@code name} is read from; an IllegalArgumentException when the options do not say. */
    public Path table(String name) {
        Path at = located.get(name);
        if (at != null) {
            return at;
        }
        if (tables == null) {
            throw new IllegalArgumentException("no table '" + name + "' given: add --table " + name
                    + "=LOCATION (a snapshot or table " + "directory), or --tables DIR (a load's output)");
        }
        return new Path(tables, name);
    }

    /** A scratch directory for data passed between stages. */
    public Path work(String name) {
        return new Path(new Path(output, WORK_DIRECTORY), name);
    }
}
