package io.dumptruck.loaders;

import io.dumptruck.formats.PublicApi;
import io.dumptruck.loaders.live.HeldSnapshots;
import io.dumptruck.loaders.live.MatchedTable;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.mapreduce.Job;

/**
 * A load set up by {@link LoadJob#prepare} and not yet finished: its job, to run (its output is claimed), what set-up
 * found, for the summary and the report, and what {@link #finish} cleans up.
 *
 * @param inputs the input files, listed and checked
 * @param matched the live tables the load's tables were matched to, in the load's order (empty without --live)
 * @param notes what set-up found, one line each, for the summary (event ids kept, snapshots folded from, …)
 * @param preparedAt when set-up began (epoch ms), for the report's duration
 * @param snapshots the snapshots of the live tables set-up took, deleted by {@link #finish}
 */
@PublicApi
public record PreparedLoad(
        Loader loader,
        LoadOptions options,
        Job job,
        InputFiles inputs,
        List<MatchedTable> matched,
        List<String> notes,
        long preparedAt,
        HeldSnapshots snapshots) {
    public PreparedLoad {
        matched = List.copyOf(matched);
        notes = List.copyOf(notes);
    }

    public long inputBytes() {
        return inputs.files().stream().mapToLong(FileStatus::getLen).sum();
    }

    /** {@link LoadJob#finish} of this load, once its job has ended. */
    public LoadReport finish() throws IOException {
        return LoadJob.finish(this);
    }
}
