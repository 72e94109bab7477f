package io.dumptruck.loaders.ledger;

import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.read.TableDir;
import io.dumptruck.formats.table.TableSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;

/**
 * Bulk-loads a load's output into HBase, and commits a folding load's batch into the ledger: what {@code dumptruck
 * bulkload} runs.
 *
 * <ol>
 *   <li>Each table goes into the live table its load was matched to ({@code _report.json}), else into its own name in
 *       {@link #namespace} ({@code default}); a missing table is created with the load's families and split points.
 *   <li>A folded output commits only from the ledger state its snapshot saw: for each folded table, in order, a lease
 *       is taken on that state ({@link Ledger#acquire}); a table into which another batch was committed since is
 *       refused, naming that batch, and nothing is loaded. Then every table's HFiles are loaded
 *       ({@code BulkLoadHFiles}, HBase's own), and each folded table records the batch and drops its lease in one row
 *       mutation. A bulk load that stops half-way keeps its leases: run again, it loads what is left and commits (the
 *       same load id takes its leases back); no other folded load commits into those tables meanwhile.
 *   <li>A table the ledger marks as folded takes only a folding load's output: a plain load's cells would replace the
 *       all-time figures with one batch's ({@link #replacingFolded} allows it).
 * </ol>
 *
 * A loaded table directory is marked ({@value #LOADED_MARK}, holding the HBase table's name), so running it again loads
 * nothing twice. Refusals are IllegalArgumentExceptions, thrown before anything is loaded; a failure half-way is an
 * IOException whose message says what is loaded, what is not, and how to finish.
 */
@PublicApi
public final class BulkLoad {
    /** Written into a table directory once it is bulk-loaded: the HBase table it went into. */
    public static final String LOADED_MARK = "_BULKLOADED";
    /** The loads that fold into live tables, for messages. */
    public static final String FOLDING_LOADS = "load weblogs, load titles, load graph --layouts …,adjacency-ro";

    /** Where HBase's bulk load writes the halves of an HFile it splits, inside the family directory. */
    private static final String SPLIT_DIR = ".tmp";

    private final Configuration conf;
    private final Path dir;
    private String namespace;
    private boolean replaceFolded;
    private Consumer<String> say = line -> {};

    private BulkLoad(Configuration conf, Path dir) {
        this.conf = conf;
        this.dir = dir;
    }

    /** A bulk load of {@code dir}: a load's output directory, or one table directory of an output that did not fold. */
    public static BulkLoad of(Configuration conf, Path dir) {
        return new BulkLoad(conf, dir);
    }

    /** The table directories of {@code dir} (a load's output, or one table directory). */
    public static List<Path> tableDirs(Configuration conf, Path dir) throws IOException {
        return LoadOutput.read(conf, dir).tables();
    }

    /** The batch a load's output folds into live tables and commits when bulk-loaded, or null if it does not fold. */
    public static String foldedBatch(Configuration conf, Path dir) throws IOException {
        LoadOutput output = LoadOutput.read(conf, dir);
        return output.folded().isEmpty() ? null : output.batch();
    }

    /** The namespace of the tables a load not matched to live tables goes into (default: {@code default}). */
    public BulkLoad namespace(String namespace) {
        this.namespace = namespace;
        return this;
    }

    /** Allows a load that did not fold into a table the ledger marks as folded (its cells replace the figures held). */
    public BulkLoad replacingFolded(boolean replace) {
        this.replaceFolded = replace;
        return this;
    }

    /** Where the lines of what happened go (one per table loaded, created, skipped). */
    public BulkLoad reporting(Consumer<String> say) {
        this.say = say;
        return this;
    }

    /** Runs the bulk load against {@code hbase}. */
    public void run(Connection hbase) throws IOException {
        Ledger.undoBatches(conf); // a bad value is refused before anything is done
        LoadOutput output = LoadOutput.read(conf, dir);
        if (output.alreadyFolded()) {
            say.accept(dir + " is a rerun of batch " + output.batch()
                    + ", which every table it folds into holds already: nothing to load");
            return;
        }
        Map<Path, TableName> targets = targets(output);
        Ledger ledger = Ledger.of(hbase, conf);
        try (Admin admin = hbase.getAdmin()) {
            refuseFoldedTargets(output, targets, ledger);
            refuseMissingFamilies(admin, targets);
            try (LedgerCommit commit = LedgerCommit.take(ledger, conf, output, targets, say)) {
                if (commit.nothingToDo() != null) {
                    say.accept(commit.nothingToDo());
                    return;
                }
                if (commit.resumed() && !commit.leases()) {
                    say.accept(output.dir() + " was already bulk-loaded: batch " + output.batch()
                            + " is committed into every table it folds into; nothing to do");
                    return;
                }
                if (commit.resumed()) {
                    say.accept(output.dir() + " was bulk-loaded whole by an earlier run, which committed batch "
                            + output.batch() + " into some of its tables and stopped: committing the rest");
                } else {
                    List<String> loaded = new ArrayList<>();
                    for (var t : targets.entrySet()) {
                        try {
                            createIfMissing(admin, t.getKey(), t.getValue());
                            bumpPlain(output, t.getKey(), t.getValue(), ledger);
                            load(TableDir.open(conf, t.getKey()), t.getValue());
                        } catch (IOException | RuntimeException e) {
                            throw new IOException(
                                    halfWay(output, targets, loaded, t.getValue(), commit.leases(), e), e);
                        }
                        loaded.add(t.getValue().getNameAsString());
                    }
                }
                commit.stamp(admin);
                commit.commit(admin);
            }
        }
    }

    /** The live table of each table directory: the one its load was matched to, else its name in the namespace. */
    private Map<Path, TableName> targets(LoadOutput output) {
        if (!output.folded().isEmpty() && output.tables().contains(dir)) {
            throw new IllegalArgumentException(dir + " is one table of a load that folded (batch " + output.batch()
                    + "): its folded tables commit together; give the load's output directory " + output.dir());
        }
        Map<Path, TableName> targets = new LinkedHashMap<>();
        for (Path table : output.tables()) {
            String matched = output.live().get(table.getName());
            TableName name;
            if (matched != null) {
                name = TableName.valueOf(matched);
                if (namespace != null && !namespace.equals(name.getNamespaceAsString())) {
                    throw new IllegalArgumentException(table.getName() + " was matched to the live table " + matched
                            + " by its load (--live): it loads there, not into namespace " + namespace
                            + "; leave --namespace out");
                }
            } else {
                name = namespace == null
                        ? TableName.valueOf(table.getName())
                        : TableName.valueOf(namespace, table.getName());
            }
            targets.put(table, name);
        }
        return targets;
    }

    /** Refuses a table the ledger marks as folded that this output does not fold into. */
    private void refuseFoldedTargets(LoadOutput output, Map<Path, TableName> targets, Ledger ledger)
            throws IOException {
        if (replaceFolded || !ledger.exists()) {
            return;
        }
        for (var t : targets.entrySet()) {
            if (output.folded().containsKey(t.getKey().getName())) {
                continue;
            }
            TableLedger held = ledger.read(t.getValue());
            if (held.commits() > 0) {
                throw new IllegalArgumentException(t.getValue() + " holds the folded figures of " + held.commits()
                        + " batch(es) (last: "
                        + held.last().map(TableLedger::describe).orElse("?") + "), and "
                        + t.getKey() + " was not folded into them: bulk-loaded, its cells would replace the all-time "
                        + "figures with this load's alone. Only an output folded into it goes in (" + FOLDING_LOADS
                        + ", with --live); give --replace-folded if replacing is meant");
            }
        }
    }

    /**
     * Before a table that does not fold goes into a live table the ledger knows: moves its state on, so that a folding
     * load set up before (whose snapshot lacks these cells) is refused at its commit instead of folding over them.
     */
    private void bumpPlain(LoadOutput output, Path tableDir, TableName name, Ledger ledger) throws IOException {
        if (output.folded().containsKey(tableDir.getName()) || !ledger.exists()) {
            return;
        }
        for (int attempt = 0; attempt < 5; attempt++) {
            TableLedger seen = ledger.read(name);
            if (seen.state() == null) {
                return; // no folding load has read the table: nothing to move on
            }
            if (seen.lease() != null) {
                throw new IllegalArgumentException(seen.lease().unfinished(name.getNameAsString()));
            }
            if (ledger.bump(seen)) {
                return;
            }
        }
        throw new IOException("the ledger of " + name + " kept changing while this bulk load tried to record itself");
    }

    /** Refuses a load that writes a family its existing HBase table lacks (dropped since the load, or never there). */
    private void refuseMissingFamilies(Admin admin, Map<Path, TableName> targets) throws IOException {
        for (var t : targets.entrySet()) {
            if (!admin.tableExists(t.getValue())) {
                continue;
            }
            Set<String> has = Arrays.stream(admin.getDescriptor(t.getValue()).getColumnFamilies())
                    .map(ColumnFamilyDescriptor::getNameAsString)
                    .collect(Collectors.toSet());
            FileSystem fs = t.getKey().getFileSystem(conf);
            List<String> missing = new ArrayList<>();
            for (var family : fs.listStatus(t.getKey())) {
                String f = family.getPath().getName();
                if (family.isDirectory() && !f.startsWith("_") && !f.startsWith(".") && !has.contains(f)) {
                    missing.add(f);
                }
            }
            if (!missing.isEmpty()) {
                throw new IllegalArgumentException(
                        t.getValue() + " has no famil" + (missing.size() == 1 ? "y " : "ies ")
                                + String.join(", ", missing) + " (dropped since the load?), which " + t.getKey()
                                + " writes: nothing was loaded; add it back (HBase shell: alter '" + t.getValue()
                                + "', NAME => '" + missing.get(0) + "') and run this again");
            }
        }
    }

    /** What a bulk load that failed at {@code failing} has done and has not, and how to finish it. */
    private static String halfWay(
            LoadOutput output,
            Map<Path, TableName> targets,
            List<String> loaded,
            TableName failing,
            boolean leased,
            Exception e) {
        List<String> notLoaded = targets.values().stream()
                .map(TableName::getNameAsString)
                .filter(n -> !loaded.contains(n))
                .toList();
        String reason = String.valueOf(e.getMessage()).replaceAll("\\s+", " ");
        if (reason.length() > 300) {
            reason = reason.substring(0, 300) + "…";
        }
        return "bulk load of " + failing + " failed (" + e.getClass().getSimpleName() + ": " + reason + "); loaded: "
                + (loaded.isEmpty() ? "none" : String.join(", ", loaded)) + "; not loaded: "
                + String.join(", ", notLoaded)
                + (!leased
                        ? ""
                        : "; batch " + output.batch() + " is not committed and its tables stay leased to this load")
                + ". Fix the cause and run 'dumptruck bulkload " + output.dir() + "' again: it loads what is left";
    }

    private void createIfMissing(Admin admin, Path tableDir, TableName name) throws IOException {
        if (admin.tableExists(name)) {
            return;
        }
        String ns = name.getNamespaceAsString();
        if (Arrays.stream(admin.listNamespaces()).noneMatch(ns::equals)) {
            admin.createNamespace(NamespaceDescriptor.create(ns).build());
        }
        TableSpec spec = TableDir.open(conf, tableDir).spec();
        TableDescriptor descriptor = TableDescriptorBuilder.copy(name, spec.toDescriptor());
        byte[][] splits = spec.regions().splitPoints().toArray(new byte[0][]);
        if (splits.length == 0) {
            admin.createTable(descriptor);
        } else {
            admin.createTable(descriptor, splits);
        }
        say.accept("created " + name + " with " + (splits.length + 1) + " region(s)");
    }

    /**
     * Bulk-loads one table directory and says what happened: the HFiles loaded as written and those HBase had to split
     * because they span a region. A directory already loaded into this table says so and loads nothing again.
     */
    private void load(TableDir table, TableName name) throws IOException {
        Path tableDir = table.path();
        FileSystem fs = table.fileSystem();
        Path mark = new Path(tableDir, LOADED_MARK);
        if (fs.exists(mark)) {
            String into;
            try (var in = fs.open(mark)) {
                into = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            }
            if (into.equals(name.getNameAsString())) {
                say.accept(tableDir + " was already bulk-loaded into " + name + "; nothing to do");
                return;
            }
        }
        int written = table.families().stream()
                .mapToInt(family -> table.files(family).size())
                .sum();
        Map<BulkLoadHFiles.LoadQueueItem, ?> loaded =
                written == 0 ? Map.of() : BulkLoadHFiles.create(conf).bulkLoad(name, tableDir);
        long asWritten = loaded.keySet().stream()
                .filter(item -> !item.getFilePath().getParent().getName().equals(SPLIT_DIR))
                .count();
        try (var markOut = fs.create(mark, true)) {
            markOut.write(name.getNameAsString().getBytes(StandardCharsets.UTF_8));
        }
        say.accept("loaded " + tableDir + " into " + name + ": " + written + " HFile(s), " + (written - asWritten)
                + " of them split by HBase to fit its regions");
    }
}
