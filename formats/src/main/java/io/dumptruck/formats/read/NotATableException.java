package io.dumptruck.formats.read;

import java.io.FileNotFoundException;

/**
 * A path given as a table directory is not one: missing, a file, a load's whole output directory, or a directory with
 * no family directories. The message says which, and what to give instead.
 */
public final class NotATableException extends FileNotFoundException {
    NotATableException(String message) {
        super(message);
    }
}
