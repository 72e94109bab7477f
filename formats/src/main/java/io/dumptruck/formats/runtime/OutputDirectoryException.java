package io.dumptruck.formats.runtime;

import java.io.IOException;

/**
 * An output directory that cannot be used: it cannot be created, or another job claimed it. The command line needs
 * fixing (another directory), as for an existing one.
 */
public final class OutputDirectoryException extends IOException {
    public OutputDirectoryException(String message) {
        super(message);
    }
}
