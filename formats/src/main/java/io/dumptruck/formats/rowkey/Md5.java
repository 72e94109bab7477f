package io.dumptruck.formats.rowkey;

import io.dumptruck.formats.PublicApi;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * MD5 digests for row keys: {@code md5(x)} in docs/tables.md, the 16 raw digest bytes of UTF-8(x).
 *
 * <p>Thread-safe: each thread uses its own {@link MessageDigest}.
 */
@PublicApi
public final class Md5 {

    /** Number of bytes in a digest. */
    public static final int LENGTH = 16;

    private static final ThreadLocal<MessageDigest> DIGEST = ThreadLocal.withInitial(Md5::newDigest);

    private Md5() {}

    /**
     * Digest of a string.
     *
     * <pre>
     *   md5(UTF-8(s))   16 bytes
     * </pre>
     */
    public static byte[] digest(String s) {
        return digest(s.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Digest of raw bytes.
     *
     * <pre>
     *   md5(b)   16 bytes
     * </pre>
     */
    public static byte[] digest(byte[] b) {
        return DIGEST.get().digest(b);
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must provide MD5", e);
        }
    }
}
