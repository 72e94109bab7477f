package io.dumptruck.formats.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** {@link WinnerTree} against a {@link TreeSet} under random adds, advances of the top and removals. */
class WinnerTreeTest {
    /** A merge cursor stand-in: its key changes in place, as a cursor's does when it advances. */
    private static final class Cursor {
        final int id;
        long key;

        Cursor(int id, long key) {
            this.id = id;
            this.key = key;
        }
    }

    private static final Comparator<Cursor> ORDER =
            Comparator.<Cursor>comparingLong(c -> c.key).thenComparingInt(c -> c.id);

    @Test
    void topIsAlwaysTheLeastAcrossGrowthAdvancesAndRemovals() {
        Random random = new Random(7);
        for (int trial = 0; trial < 50; trial++) {
            WinnerTree<Cursor> tree = new WinnerTree<>(ORDER);
            TreeSet<Cursor> reference = new TreeSet<>(ORDER);
            int ids = 0;
            int maxSize = 1 + random.nextInt(100);
            for (int step = 0; step < 2_000; step++) {
                int action = random.nextInt(10);
                if (reference.isEmpty() || (action < 3 && reference.size() < maxSize)) {
                    Cursor c = new Cursor(ids++, random.nextInt(1_000));
                    tree.add(c);
                    reference.add(c);
                } else if (action < 8) { // the top moves on, to a key at or after its own
                    Cursor top = tree.top();
                    reference.remove(top);
                    top.key += random.nextInt(200);
                    reference.add(top);
                    tree.topChanged();
                } else {
                    assertEquals(reference.pollFirst(), tree.removeTop());
                }
                assertEquals(reference.isEmpty() ? null : reference.first(), tree.top());
                assertEquals(reference.isEmpty(), tree.isEmpty());
            }
            TreeSet<Cursor> drained = new TreeSet<>(ORDER);
            drained.addAll(tree.removeAll());
            assertEquals(reference, drained);
            assertTrue(tree.isEmpty());
            assertNull(tree.top());
        }
    }

    @Test
    void drainsInOrderAndIsReusableAfterRemoveAll() {
        WinnerTree<Cursor> tree = new WinnerTree<>(ORDER);
        List<Long> keys = new ArrayList<>();
        Random random = new Random(11);
        for (int i = 0; i < 37; i++) {
            long key = random.nextInt(50);
            keys.add(key);
            tree.add(new Cursor(i, key));
        }
        assertEquals(37, tree.removeAll().size());
        for (int i = 0; i < keys.size(); i++) {
            tree.add(new Cursor(i, keys.get(i)));
        }
        List<Long> drained = new ArrayList<>();
        for (Cursor c = tree.removeTop(); c != null; c = tree.removeTop()) {
            drained.add(c.key);
        }
        keys.sort(null);
        assertEquals(keys, drained);
    }
}
