package io.dumptruck.loaders.live;

import io.dumptruck.formats.job.HFileTableJob;
import io.dumptruck.formats.job.LiveTables;
import io.dumptruck.formats.read.SnapshotDirs;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.SnapshotDescription;
import org.slf4j.LoggerFactory;

/**
 * The HBase snapshots a load folding into the live tables reads: for each table its {@link HeldState.Plan} reads, the
 * one pinned by {@link LiveConf#HELD_SNAPSHOT} or one taken at set-up (named
 * {@value #PREFIX}{@code <table>-<timestamp>-<random>}). The reducers of the folded tables read the touched rows of
 * them ({@link SnapshotHeldRows}); {@link #delete} removes the ones taken, never a pinned one.
 */
public final class HeldSnapshots {
    /** The names of the snapshots a load takes start with this, then the table's name and "-". */
    public static final String PREFIX = "dumptruck-";

    private final Configuration conf;
    private final List<String> taken = new ArrayList<>();

    private HeldSnapshots(Configuration conf) {
        this.conf = conf;
    }

    /** A load that reads no snapshot. */
    public static HeldSnapshots none(Configuration conf) {
        return new HeldSnapshots(conf);
    }

    /**
     * Snapshots each table {@code plan} reads, under a name holding {@code loadTimestamp}, or finds the pinned one;
     * sets {@code output} up to fold the plan's tables with what they hold; adds to {@code notes} what the summary says
     * of it. A failure deletes the snapshots taken so far.
     */
    public static HeldSnapshots read(
            long loadTimestamp,
            HFileTableJob output,
            Configuration conf,
            Connection live,
            HeldState.Plan plan,
            List<String> notes)
            throws IOException {
        requireRoot(conf);
        HeldSnapshots snapshots = new HeldSnapshots(conf);
        List<String> readers = new ArrayList<>();
        List<String> dirs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        try (Admin admin = live.getAdmin()) {
            for (var reader : plan.readers().entrySet()) {
                String table = reader.getKey();
                LiveTables.Match match = output.matches().stream()
                        .filter(m -> m.spec().name().equals(table))
                        .findFirst()
                        .orElseThrow(
                                () -> new IllegalStateException("table " + table + " is not matched to a live table"));
                String pinned = pinned(conf, table);
                List<String> left =
                        admin.listSnapshots(Pattern.compile(Pattern.quote(PREFIX + table + "-") + ".*")).stream()
                                .map(SnapshotDescription::getName)
                                .filter(n -> !n.equals(pinned))
                                .toList();
                if (!left.isEmpty()) {
                    notes.add(
                            "snapshot(s) " + String.join(", ", left) + " of " + match.name()
                                    + " were left by earlier loads (killed "
                                    + "before they could delete them?): delete them (HBase shell: delete_snapshot 'NAME') once no load runs");
                }
                String name = pinned;
                if (name == null) {
                    name = PREFIX + table + "-" + loadTimestamp + "-"
                            + UUID.randomUUID().toString().substring(0, 8);
                    admin.snapshot(name, match.name());
                    snapshots.taken.add(name); // deleted by whatever ends the load, from now on
                }
                try {
                    dirs.add(SnapshotDirs.existing(conf, name).toString());
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            e.getMessage() + " to fold " + table + " from (" + LiveConf.HELD_SNAPSHOT.key() + table
                                    + "): name an existing snapshot of " + match.name(),
                            e);
                }
                names.add(name);
                readers.add(reader.getValue().getName());
            }
        } catch (IOException | RuntimeException e) {
            snapshots.delete();
            throw e;
        }
        LiveConf.HELD_READERS.set(conf, String.join(",", readers));
        LiveConf.HELD_DIRS.set(conf, String.join(",", dirs));
        Set<String> folded = plan.folded();
        folded.forEach(output::foldingHeldRows);
        output.heldRowsFrom(SnapshotHeldRows.class);
        notes.add("folded into the live tables: " + String.join(", ", folded) + ", with what snapshot(s) "
                + String.join(", ", names) + " hold; only the rows this input touches are written");
        return snapshots;
    }

    /** Refuses to fold without HBase's root directory ({@code hbase.rootdir}), which the snapshots are read from. */
    public static void requireRoot(Configuration conf) {
        SnapshotDirs.root(conf, "folding into the live tables (it reads snapshots of them)");
    }

    /** The snapshot {@link LiveConf#HELD_SNAPSHOT} pins for folding {@code table}, or null: the load takes one. */
    public static String pinned(Configuration conf, String table) {
        return conf.get(LiveConf.HELD_SNAPSHOT.key() + table);
    }

    /** Deletes the snapshots taken at set-up; a failure is logged (the snapshot stays), not thrown. */
    public void delete() {
        if (taken.isEmpty()) {
            return;
        }
        try (Connection c = LiveHBase.connect(conf);
                Admin admin = c.getAdmin()) {
            for (String name : taken) {
                admin.deleteSnapshot(name);
            }
            taken.clear();
        } catch (IOException e) {
            LoggerFactory.getLogger(HeldSnapshots.class)
                    .warn(
                            "could not delete the snapshot(s) {} the load took: {}",
                            String.join(",", taken),
                            e.getMessage());
        }
    }
}
