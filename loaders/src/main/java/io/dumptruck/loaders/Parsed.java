package io.dumptruck.loaders;

import java.util.Objects;

/**
 * What a parser made of one input record: the record, a skip (blank or comment line, not a record at all), or a reject
 * with its reason (an enum constant, which becomes a counter) and a detail for the reject file. Parsers return this
 * instead of throwing, so bad input never kills a job.
 */
public final class Parsed<T> {
    private static final Parsed<?> SKIP = new Parsed<>(null, null, null);

    private final T record;
    private final Enum<?> reason;
    private final String detail;

    private Parsed(T record, Enum<?> reason, String detail) {
        this.record = record;
        this.reason = reason;
        this.detail = detail;
    }

    public static <T> Parsed<T> of(T record) {
        return new Parsed<>(Objects.requireNonNull(record), null, null);
    }

    public static <T> Parsed<T> reject(Enum<?> reason, String detail) {
        return new Parsed<>(null, Objects.requireNonNull(reason), detail);
    }

    @SuppressWarnings("unchecked")
    public static <T> Parsed<T> skip() {
        return (Parsed<T>) SKIP;
    }

    public boolean isRecord() {
        return record != null;
    }

    public boolean isReject() {
        return reason != null;
    }

    public boolean isSkip() {
        return record == null && reason == null;
    }

    public T record() {
        if (record == null) {
            throw new IllegalStateException("not a record: " + this);
        }
        return record;
    }

    public Enum<?> reason() {
        return reason;
    }

    public String detail() {
        return detail;
    }

    @Override
    public String toString() {
        return isRecord() ? "record " + record : isReject() ? "reject " + reason + ": " + detail : "skip";
    }
}
