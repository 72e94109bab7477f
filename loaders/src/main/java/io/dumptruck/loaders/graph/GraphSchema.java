package io.dumptruck.loaders.graph;

import io.dumptruck.formats.map.CellSink;
import io.dumptruck.formats.rowkey.Md5;
import io.dumptruck.formats.rowkey.RowKeyBuilder;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.RegionSplits;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.RecordSchema;
import io.dumptruck.loaders.RecordSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.regionserver.BloomType;

/**
 * The graph tables of docs/tables.md, byte for byte. Layout {@code edges} (the default):
 *
 * <pre>
 *   follows      row md5(follower) ‖ md5(followed) (32 bytes)   f:UTF-8(followed) → empty
 *   followed_by  row md5(followed) ‖ md5(follower)              f:UTF-8(follower) → empty
 * </pre>
 *
 * md5 keys spread every user evenly, so a prefix scan of md5(A) lists whom A follows (or who follows A) and a get of
 * md5(A)‖md5(B) answers "does A follow B" — with fixed-width keys, no separator. Layout {@code adjacency}: row
 * UTF-8(from), {@code l:}UTF-8(into) → empty (one wide row per user). Layout {@code adjacency-ro}: row UTF-8(from),
 * {@code l:} (empty qualifier) → JSON array of the {@code into} ids, sorted by their UTF-8 bytes (built by
 * {@link AdjacencyListFold}), at the load timestamp. Other cells' timestamp: the edge's time when the input has one,
 * else the load timestamp. A load of unfollows writes, in place of each edge's cell in follows, followed_by and
 * adjacency, a DeleteColumn marker of the same row and column at that timestamp: once bulk-loaded it masks every
 * version of the edge up to then. In adjacency_ro it removes the id from the user's list, which only a load folding
 * into the live table can do (it reads the list the table holds).
 */
public final class GraphSchema implements RecordSchema<Edge> {
    public static final String FOLLOWS = "follows";
    public static final String FOLLOWED_BY = "followed_by";
    public static final String ADJACENCY = "adjacency";
    public static final String ADJACENCY_RO = "adjacency_ro";
    /** The family of {@code follows} and {@code followed_by}: qualifier = the other account, value empty. */
    public static final String EDGE = "f";
    /** The family of {@code adjacency} and {@code adjacency_ro}. */
    public static final String LIST = "l";

    public static final Set<String> LAYOUTS = Set.of("edges", "adjacency", "adjacency-ro");
    private static final byte[] EMPTY = new byte[0];

    private final Set<String> layouts;
    /** Each edge is an unfollow: its cells become DeleteColumn markers. */
    private final boolean unfollows;

    private FamilyRef follows;
    private FamilyRef followedBy;
    private FamilyRef adjacency;
    private FamilyRef adjacencyRo;
    private final RowKeyBuilder key = new RowKeyBuilder(32);
    /** The last follower and its digest: edge lists often come grouped by follower. */
    private String lastFrom;

    private byte[] lastFromDigest;

    public GraphSchema(Set<String> layouts) {
        this(layouts, false);
    }

    /** The schema of these layouts; with {@code unfollows}, every edge removes the edge. */
    public GraphSchema(Set<String> layouts, boolean unfollows) {
        this.layouts = layouts;
        this.unfollows = unfollows;
    }

    public Set<String> layouts() {
        return layouts;
    }

    public boolean unfollows() {
        return unfollows;
    }

    /** The layouts named in {@code --layouts a,b}; IllegalArgumentException for an unknown one. */
    public static Set<String> parseLayouts(String text) {
        Set<String> out = new TreeSet<>();
        for (String l : text.split(",")) {
            String layout = l.trim().toLowerCase(Locale.ROOT);
            if (!LAYOUTS.contains(layout)) {
                throw new IllegalArgumentException(
                        "--layouts: unknown layout '" + l + "' (use edges, adjacency, adjacency-ro)");
            }
            out.add(layout);
        }
        return out;
    }

    public List<TableSpec> tables(int regions) {
        List<TableSpec> out = new ArrayList<>();
        FamilySpec f = FamilySpec.named(EDGE).withBloom(BloomType.ROW);
        if (layouts.contains("edges")) {
            out.add(TableSpec.of(FOLLOWS, f).withRegions(RegionSplits.uniform(regions)));
            out.add(TableSpec.of(FOLLOWED_BY, f).withRegions(RegionSplits.uniform(regions)));
        }
        FamilySpec l = FamilySpec.named(LIST).withBloom(BloomType.ROW).withCompression(Compression.Algorithm.GZ);
        if (layouts.contains("adjacency")) {
            out.add(TableSpec.of(ADJACENCY, l).withRegions(RegionSplits.sampled(regions)));
        }
        if (layouts.contains("adjacency-ro")) {
            out.add(TableSpec.of(ADJACENCY_RO, l).withRegions(RegionSplits.sampled(regions)));
        }
        return out;
    }

    @Override
    public void resolve(CellSink sink) {
        if (layouts.contains("edges")) {
            follows = sink.family(FOLLOWS, EDGE);
            followedBy = sink.family(FOLLOWED_BY, EDGE);
        }
        if (layouts.contains("adjacency")) {
            adjacency = sink.family(ADJACENCY, LIST);
        }
        if (layouts.contains("adjacency-ro")) {
            adjacencyRo = sink.family(ADJACENCY_RO, LIST);
        }
    }

    @Override
    public void emit(Edge e, RecordSource source, CellSink sink) throws IOException, InterruptedException {
        long loadTimestamp = source.loadTimestamp();
        long ts = e.time() != null ? e.time() : loadTimestamp;
        byte[] from = e.from().getBytes(StandardCharsets.UTF_8);
        byte[] into = e.into().getBytes(StandardCharsets.UTF_8);
        if (follows != null) {
            if (!e.from().equals(lastFrom)) {
                lastFrom = e.from();
                lastFromDigest = Md5.digest(from);
            }
            byte[] mf = lastFromDigest;
            byte[] mi = Md5.digest(into);
            cell(sink, follows, key.clear().bytes(mf).bytes(mi).build(), into, ts);
            cell(sink, followedBy, key.clear().bytes(mi).bytes(mf).build(), from, ts);
        }
        if (adjacency != null) {
            cell(sink, adjacency, from, into, ts);
        }
        if (adjacencyRo != null) {
            // one cell per (from, into) at the load's time; AdjacencyListFold turns a row's cells into its JSON list
            sink.put(adjacencyRo, from, into, loadTimestamp, unfollows ? AdjacencyListFold.REMOVED : EMPTY);
        }
    }

    /**
     * An edge's cell (empty value), or for an unfollow the DeleteColumn that removes every version of it up to
     * {@code ts}.
     */
    private void cell(CellSink sink, FamilyRef family, byte[] row, byte[] qualifier, long ts)
            throws IOException, InterruptedException {
        if (unfollows) {
            sink.delete(family, row, qualifier, ts, KeyValue.Type.DeleteColumn);
        } else {
            sink.put(family, row, qualifier, ts, EMPTY);
        }
    }
}
