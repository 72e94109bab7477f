package io.dumptruck.loaders.ledger;

import io.dumptruck.formats.ConfKey;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileChecksum;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A folding load's batch identity: {@code --batch ID} as given (e.g. the day), or, by default, {@code input-} and 16
 * hex digits of a SHA-256 of the input files' contents — each file's length and checksum, in sorted order: the checksum
 * HDFS keeps of the file (no data read; {@code COMPOSITE_CRC}, so the block size does not matter), or a SHA-256 of its
 * bytes where the file system keeps none (a local file is read once). The same data is the same batch wherever it lies
 * and however often it was copied; a file added or changed makes another batch.
 */
public final class BatchId {
    public static final ConfKey BATCH = new ConfKey.Key(
            "dumptruck.load.batch",
            null,
            "the batch a folding load (--live) records in the ledger, e.g. the day (--batch); default: derived from the "
                    + "input files' contents",
            BatchId::problem);

    public static final ConfKey AGAIN = new ConfKey.Key(
            "dumptruck.load.again",
            "false",
            "true: a folding load's records go in as a new batch even when a batch the tables hold has the same "
                    + "records (--again); otherwise such a load is refused, as it would count them twice");

    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:+=-]{0,127}");

    private BatchId() {}

    /** The batch of a load of {@code files}: {@link #BATCH} if set (checked), else derived from the files. */
    public static String of(Configuration conf, List<FileStatus> files) throws IOException {
        String given = conf.get(BATCH.key());
        if (given != null) {
            String problem = problem(given);
            if (problem != null) {
                throw new IllegalArgumentException("--batch '" + given + "': " + problem);
            }
            return given;
        }
        return derived(conf, files);
    }

    static String derived(Configuration conf, List<FileStatus> files) throws IOException {
        Configuration composite = new Configuration(conf);
        composite.set("dfs.checksum.combine.mode", "COMPOSITE_CRC");
        List<String> lines = new ArrayList<>();
        for (FileStatus f : files) {
            lines.add(f.getLen() + "\t" + checksum(composite, f.getPath()) + "\n");
        }
        MessageDigest sha = sha256();
        lines.stream().sorted().forEach(line -> sha.update(line.getBytes(StandardCharsets.UTF_8)));
        return "input-" + HexFormat.of().formatHex(sha.digest(), 0, 8);
    }

    /** The file system's checksum of {@code file} as hex, or a SHA-256 of its bytes when it keeps none. */
    private static String checksum(Configuration conf, Path file) throws IOException {
        FileSystem fs = file.getFileSystem(conf);
        FileChecksum kept = fs.getFileChecksum(file);
        if (kept != null) {
            return kept.getAlgorithmName() + ":" + HexFormat.of().formatHex(kept.getBytes());
        }
        MessageDigest sha = sha256();
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = fs.open(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                sha.update(buffer, 0, n);
            }
        }
        return "SHA-256:" + HexFormat.of().formatHex(sha.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
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
