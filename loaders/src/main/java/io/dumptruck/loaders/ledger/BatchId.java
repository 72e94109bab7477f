package io.dumptruck.loaders.ledger;

import io.dumptruck.formats.ConfKey;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;

/**
 * A folding load's batch identity: {@code --batch ID} as given (e.g. the day), or, by default, {@code input-} and 16
 * hex digits of a SHA-256 of the input files' paths, sizes and modification times — the same files, unchanged, are the
 * same batch; a file added, changed or touched makes another.
 */
public final class BatchId {
    public static final ConfKey BATCH = new ConfKey.Key(
            "dumptruck.load.batch",
            null,
            "the batch a folding load (--live) records in the ledger, e.g. the day (--batch); default: derived from the "
                    + "input files' paths, sizes and modification times",
            BatchId::problem);

    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:+=-]{0,127}");

    private BatchId() {}

    /** The batch of a load of {@code files}: {@link #BATCH} if set (checked), else derived from the files. */
    public static String of(Configuration conf, List<FileStatus> files) {
        String given = conf.get(BATCH.key());
        if (given != null) {
            String problem = problem(given);
            if (problem != null) {
                throw new IllegalArgumentException("--batch '" + given + "': " + problem);
            }
            return given;
        }
        return derived(files);
    }

    static String derived(List<FileStatus> files) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            files.stream()
                    .map(f -> f.getPath().toUri().getPath() + "\t" + f.getLen() + "\t" + f.getModificationTime() + "\n")
                    .sorted()
                    .forEach(line -> sha.update(line.getBytes(StandardCharsets.UTF_8)));
            return "input-" + HexFormat.of().formatHex(sha.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String problem(String id) {
        return VALID.matcher(id).matches()
                ? null
                : "give 1 to 128 letters, digits or . _ : + = - (not starting with a sign), e.g. the day: 2026-11-25";
    }
}
