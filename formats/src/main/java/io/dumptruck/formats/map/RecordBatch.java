package io.dumptruck.formats.map;

/**
 * A map input value that carries several input records (a batch of lines, say): whatever counts a mapper's input
 * records — the split-point sampler's limit — counts {@link #records()}, not 1.
 */
public interface RecordBatch {
    /** How many input records this value holds. */
    int records();
}
