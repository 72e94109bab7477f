package io.dumptruck.formats;

/** A table or scan spec that cannot be used; the message says what is wrong and how to fix it. */
@PublicApi
public final class SpecException extends IllegalArgumentException {
    public SpecException(String message) {
        super(message);
    }

    public SpecException(String message, Throwable cause) {
        super(message, cause);
    }
}
