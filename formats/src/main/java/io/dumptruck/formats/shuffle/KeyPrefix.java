package io.dumptruck.formats.shuffle;

/**
 * A raw comparator whose order starts with a byte string read from the serialized key — its sort string — so that
 * {@code PrefixSort} can sort keys by 8 bytes of it at a time, in longs.
 *
 * <p>Contract: take two keys' sort strings, pad the shorter with zero bytes; if they differ, the key whose byte is
 * lower (unsigned) at the first difference sorts first. Equal padded strings say nothing: the sort then compares the
 * keys with the comparator.
 */
interface KeyPrefix {

    /** The length of the sort string of the serialized key at {@code bytes[start, start + length)}. */
    int sortStringLength(byte[] bytes, int start, int length);

    /** Bytes {@code 8 * chunk} to {@code 8 * chunk + 7} of the key's sort string, zero-padded, as a big-endian long. */
    long prefix(byte[] bytes, int start, int length, int chunk);
}
