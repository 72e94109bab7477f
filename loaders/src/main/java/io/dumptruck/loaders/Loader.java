package io.dumptruck.loaders;

import io.dumptruck.formats.ConfKey;
import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.formats.table.WrittenBy;
import io.dumptruck.loaders.live.HeldState;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.mapreduce.Job;

/**
 * One data set's load: the tables it writes and how its job reads the input. The command line ({@code dumptruck load
 * <name> …}) and {@link LoadJob} drive every loader the same way.
 */
@PublicApi
public interface Loader {
    /** The name on the command line, e.g. {@code graph}. */
    String name();

    /** One line for the command list. */
    String summary();

    /**
     * The questions its tables were designed to answer ({@code dumptruck query} asks them); none by default. Names are
     * unique over all loaders.
     */
    default List<Question> questions() {
        return List.of();
    }

    /** The loader's own configuration keys ({@code dumptruck help config} lists them); none by default. */
    default List<ConfKey> confKeys() {
        return List.of();
    }

    /** The loader's own options (without the leading {@code --}) with one line of help each, in order. */
    Map<String, String> options();

    /**
     * The tables written for these options; a bad option value is an IllegalArgumentException naming it. A file an
     * option names (a spec, say) is read through {@code conf}, the job's configuration, so a path without a scheme is
     * on its default file system (HDFS on a cluster, as {@code -fs}/{@code -conf} say).
     */
    List<TableSpec> tables(Configuration conf, LoadOptions options);

    /**
     * The options that name a file (a spec, a regions file). The tables' {@code writtenBy} records such an option by
     * the file's name, not where it was: a load on a laptop and the same load on a cluster write the same table specs.
     */
    default Set<String> fileOptions() {
        return Set.of();
    }

    /** This loader and {@code options} as given, a file option by the file's name ({@link #fileOptions}). */
    default WrittenBy writtenBy(LoadOptions options) {
        Map<String, String> given = new TreeMap<>(options.extra());
        given.replaceAll(
                (name, value) -> fileOptions().contains(name) ? value.substring(value.lastIndexOf('/') + 1) : value);
        return new WrittenBy(name(), given);
    }

    /** Sets the mapper, and the input format or folds when the defaults (text lines, first value) do not fit. */
    void configure(Job job, LoadOptions options, HFileTableJob output);

    /**
     * Work the load needs first (a pass over the input, say); runs before {@link #configure}, after the tables were
     * matched to the live ones when the load is.
     *
     * @param live the connection to HBase when the load is matched to live tables ({@link LoadOptions#live()} names
     *     them), else null
     * @return what it found that the load's summary and report should say, one line each (none by default)
     */
    default List<String> beforeLoad(Job job, LoadOptions options, Connection live)
            throws IOException, InterruptedException {
        return List.of();
    }

    /**
     * How a load matched to live tables folds into what they hold ({@link HeldState}): per table whose live copy is
     * read (from a snapshot taken at set-up), the class that re-emits its cells; and the folded tables those cells
     * feed. Null (the default): the loader's folds see only the load's input.
     */
    default HeldState.Plan heldState(LoadOptions options) {
        return null;
    }

    /** Cleans up after the load, whether it succeeded or not. */
    default void afterLoad(Job job) throws IOException {}
}
