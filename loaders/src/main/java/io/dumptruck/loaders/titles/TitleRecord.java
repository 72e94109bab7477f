package io.dumptruck.loaders.titles;

import java.util.Objects;

/**
 * One title to complete: {@code title} as written with {@code _} turned into a space (what the {@code title_autocomp}
 * arrays show), {@code normalized} per {@link TitleParser#normalize} (what the prefixes are cut from), {@code rank} a
 * finite number, higher = more prominent.
 */
public record TitleRecord(String title, String normalized, double rank) {

    /** @throws IllegalArgumentException for an empty normalized title or a rank that is not finite */
    public TitleRecord {
        Objects.requireNonNull(title, "title");
        if (normalized.isEmpty()) {
            throw new IllegalArgumentException("empty normalized title for '" + title + "'");
        }
        if (!Double.isFinite(rank)) {
            throw new IllegalArgumentException("rank must be finite: " + rank);
        }
    }
}
