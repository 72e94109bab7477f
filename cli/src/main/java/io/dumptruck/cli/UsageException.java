package io.dumptruck.cli;

/** Wrong or missing arguments: the message says what, and the command's usage follows it. */
final class UsageException extends IllegalArgumentException {
    public UsageException(String message) {
        super(message);
    }

    /** A refusal that another error explains; its stack trace shows with DUMPTRUCK_DEBUG=1. */
    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
