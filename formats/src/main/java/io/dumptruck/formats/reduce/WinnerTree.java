package io.dumptruck.formats.reduce;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * A tournament tree of merge cursors: the least element in {@code order} is at the top, and when the top moves on
 * ({@link #topChanged}) it is placed again with one comparison per level — log2(n) — against the winner of the other
 * half at each level. A binary heap takes a removal and an insertion for the same step, two comparisons per level on
 * the way down alone.
 *
 * <p>Elements sit in leaves; a free leaf is empty and loses every match. Internal node {@code n} (1 is the root, its
 * children are {@code 2n} and {@code 2n + 1}; leaf {@code i} is node {@code capacity + i}) holds the leaf index of the
 * least element below it, or -1 when all are empty. {@code order} must be total (no two elements equal) for the top to
 * be well defined.
 */
final class WinnerTree<T> {
    private final Comparator<? super T> order;
    private Object[] leaves;
    private int[] winners;
    private int capacity;
    private int[] freeLeaves;
    private int free;
    private int size;

    WinnerTree(Comparator<? super T> order) {
        this.order = order;
        allocate(2);
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The least element, or null when empty. */
    @SuppressWarnings("unchecked")
    T top() {
        int w = winners[1];
        return w < 0 ? null : (T) leaves[w];
    }

    void add(T element) {
        if (free == 0) {
            grow();
        }
        int leaf = freeLeaves[--free];
        leaves[leaf] = element;
        size++;
        replay(leaf);
    }

    /** Places the top again after its order changed (a cursor that moved to its next cell). */
    void topChanged() {
        replay(winners[1]);
    }

    /** Removes the top; null when empty. */
    T removeTop() {
        T top = top();
        if (top != null) {
            empty(winners[1]);
        }
        return top;
    }

    /** Removes and returns every element, in no particular order. */
    @SuppressWarnings("unchecked")
    List<T> removeAll() {
        List<T> all = new ArrayList<>(size);
        for (int leaf = 0; leaf < capacity; leaf++) {
            if (leaves[leaf] != null) {
                all.add((T) leaves[leaf]);
            }
        }
        allocate(capacity);
        return all;
    }

    private void empty(int leaf) {
        leaves[leaf] = null;
        freeLeaves[free++] = leaf;
        size--;
        replay(leaf);
    }

    /**
     * Plays the matches on the way from {@code leaf} to the root again. Above a node whose winner stayed the same
     * element, and that element is not the one at {@code leaf}, nothing changes.
     */
    private void replay(int leaf) {
        for (int n = (capacity + leaf) >>> 1; n >= 1; n >>>= 1) {
            int before = winners[n];
            int after = better(winnerBelow(2 * n), winnerBelow(2 * n + 1));
            winners[n] = after;
            if (after == before && after != leaf) {
                return;
            }
        }
    }

    private int winnerBelow(int node) {
        if (node < capacity) {
            return winners[node];
        }
        int leaf = node - capacity;
        return leaves[leaf] != null ? leaf : -1;
    }

    @SuppressWarnings("unchecked")
    private int better(int a, int b) {
        if (a < 0) {
            return b;
        }
        if (b < 0) {
            return a;
        }
        return order.compare((T) leaves[a], (T) leaves[b]) <= 0 ? a : b;
    }

    /** Doubles the leaves; every match is played again. */
    private void grow() {
        Object[] held = leaves;
        allocate(capacity * 2);
        for (Object element : held) {
            leaves[freeLeaves[--free]] = element;
        }
        size = held.length;
        for (int n = capacity - 1; n >= 1; n--) {
            winners[n] = better(winnerBelow(2 * n), winnerBelow(2 * n + 1));
        }
    }

    /** An empty tree of {@code leafCount} leaves (a power of two, at least 2). */
    private void allocate(int leafCount) {
        capacity = leafCount;
        leaves = new Object[leafCount];
        winners = new int[leafCount];
        Arrays.fill(winners, -1);
        freeLeaves = new int[leafCount];
        for (int i = 0; i < leafCount; i++) {
            freeLeaves[i] = leafCount - 1 - i; // leaf 0 is taken first
        }
        free = leafCount;
        size = 0;
    }
}
