package io.dumptruck.loaders.hostile;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * A hostile input file written record by record: the bytes of each record, the byte offset it starts at (which is how
 * the rejects name it: {@code file:offset}) and what the load must make of it — loaded, rejected with a named reason,
 * or skipped (a blank or comment line, not a record). Records are joined with {@code \n}; the file ends with one unless
 * {@link #noFinalLineBreak()} is called.
 */
final class Corpus {
    static final int FIVE_MB = 5 * 1024 * 1024;

    enum Outcome {
        LOADED,
        REJECTED,
        SKIPPED
    }

    /** One record of the file. */
    record Case(String label, Outcome outcome, String reason, long offset, byte[] bytes) {}

    private final String fileName;
    private final ByteArrayOutputStream file = new ByteArrayOutputStream();
    private final List<Case> cases = new ArrayList<>();
    private boolean finalLineBreak = true;

    Corpus(String fileName) {
        this.fileName = fileName;
    }

    Corpus loads(String label, Object... parts) {
        return add(label, Outcome.LOADED, null, bytes(parts));
    }

    Corpus rejects(String label, String reason, Object... parts) {
        return add(label, Outcome.REJECTED, reason, bytes(parts));
    }

    Corpus skips(String label, Object... parts) {
        return add(label, Outcome.SKIPPED, null, bytes(parts));
    }

    Corpus noFinalLineBreak() {
        finalLineBreak = false;
        return this;
    }

    private Corpus add(String label, Outcome outcome, String reason, byte[] bytes) {
        if (!cases.isEmpty()) {
            file.write('\n');
        }
        cases.add(new Case(label, outcome, reason, file.size(), bytes));
        file.writeBytes(bytes);
        return this;
    }

    List<Case> cases() {
        return cases;
    }

    /** Where the rejects name a record: {@code file:offset}. */
    String position(Case c) {
        return fileName + ":" + c.offset();
    }

    Case find(String label) {
        return cases.stream()
                .filter(c -> c.label().equals(label))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no case " + label));
    }

    long count(Outcome outcome) {
        return cases.stream().filter(c -> c.outcome() == outcome).count();
    }

    /** Expected rejects: position → reason. */
    Map<String, String> expectedRejects() {
        Map<String, String> out = new TreeMap<>();
        cases.stream().filter(c -> c.outcome() == Outcome.REJECTED).forEach(c -> out.put(position(c), c.reason()));
        return out;
    }

    File write(File dir) throws IOException {
        File f = new File(dir, fileName);
        byte[] content = file.toByteArray();
        if (finalLineBreak) {
            content = java.util.Arrays.copyOf(content, content.length + 1);
            content[content.length - 1] = '\n';
        }
        Files.write(f.toPath(), content);
        return f;
    }

    /** Strings (as UTF-8) and byte arrays, concatenated. */
    static byte[] bytes(Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object p : parts) {
            if (p instanceof String s) {
                out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            } else if (p instanceof byte[] b) {
                out.writeBytes(b);
            } else {
                throw new IllegalArgumentException("not text or bytes: " + p);
            }
        }
        return out.toByteArray();
    }

    /**
     * Random bytes from {@code seed}, holding NUL and 0xFF (so never valid UTF-8) and every other byte value except the
     * line breaks {@code \n} and {@code \r}, which would cut the record.
     */
    static byte[] junk(long seed, int length) {
        Random random = new Random(seed);
        byte[] b = new byte[length];
        random.nextBytes(b);
        for (int i = 0; i < length; i++) {
            if (b[i] == '\n' || b[i] == '\r') {
                b[i] = (byte) 0x80;
            }
        }
        b[1] = 0;
        b[length / 2] = (byte) 0xFF;
        b[0] = (byte) 0xFE; // never a comment marker or white space
        return b;
    }

    /** Byte sequences that are not UTF-8: a cut-off sequence, an overlong '/', a lone surrogate (CESU-8). */
    static final byte[] TRUNCATED = {(byte) 0xC3, '('};

    static final byte[] OVERLONG = {(byte) 0xC0, (byte) 0xAF};
    static final byte[] SURROGATE = {(byte) 0xED, (byte) 0xA0, (byte) 0x80};

    static String repeat(char c, int n) {
        return String.valueOf(c).repeat(n);
    }
}
