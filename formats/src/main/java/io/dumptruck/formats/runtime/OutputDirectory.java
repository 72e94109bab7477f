package io.dumptruck.formats.runtime;

import io.dumptruck.formats.FormatConf;
import java.io.EOFException;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.mapred.FileAlreadyExistsException;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * The checks a job's new output directory passes before any task starts — it does not exist yet, and the user may
 * create it — and its claim: the directory is created for one job, atomically, so that of two jobs started together
 * into the same new directory exactly one goes on. Each refusal is a one-line message that says what to do.
 *
 * <p>The claim is the file {@value #CLAIM_FILE} in the output directory, created with {@code overwrite=false} (one
 * winner on HDFS, whose name node creates a file once) after the directory itself (created with {@code mkdir}, which
 * fails when it exists, on the local file system). It holds a random token, which the job carries in
 * {@link FormatConf#OUTPUT_CLAIM}; its committer moves files only into a directory whose claim holds its token, and
 * deletes only such a directory. The claim is removed when the job commits ({@code _SUCCESS} is then the marker).
 */
public final class OutputDirectory {
    /** The claim file of an output directory a job is writing (see the class comment). */
    public static final String CLAIM_FILE = "_CLAIMED";

    private OutputDirectory() {}

    /**
     * Checks {@code out} ({@link #checkNew}), creates it and claims it for one job: returns the token to carry in the
     * job's configuration. A directory another job claimed first, even a moment ago, is refused like any existing one;
     * one that cannot be created is refused naming the reason.
     */
    public static String claim(Path out, Configuration conf) throws IOException {
        return claim(
                out,
                conf,
                line -> org.slf4j.LoggerFactory.getLogger(OutputDirectory.class).warn(line));
    }

    /**
     * {@link #claim(Path, Configuration)}, and when {@code out} is claimed by a job whose holder is provably gone
     * (killed without its clean-up: see {@link ClaimHolder}), takes it over: deletes what it holds and claims it anew,
     * saying so in one line to {@code said}.
     */
    public static String claim(Path out, Configuration conf, Consumer<String> said) throws IOException {
        FileSystem fs = out.getFileSystem(conf);
        Path dir = fs.makeQualified(out);
        takeOverIfGone(fs, dir, conf, said);
        checkNew(out, conf);
        String token = UUID.randomUUID().toString();
        try {
            if ("file".equals(fs.getScheme())) {
                java.nio.file.Path local = Paths.get(dir.toUri());
                Files.createDirectories(local.getParent());
                Files.createDirectory(local); // mkdir: fails if another job created it first
            } else if (!fs.mkdirs(dir)) {
                throw new IOException("the file system refused to create it");
            }
        } catch (java.nio.file.FileAlreadyExistsException e) {
            java.nio.file.Path local = Paths.get(dir.toUri());
            if (Files.isSymbolicLink(local) && !Files.exists(local)) {
                throw new OutputDirectoryException("output directory " + dir + " is a symbolic link to nothing ("
                        + Files.readSymbolicLink(local) + "): give a path that does not exist yet, or remove the link");
            }
            throw claimedMeanwhile(dir);
        } catch (IOException e) {
            throw new OutputDirectoryException("cannot create output directory " + dir + ": " + reason(e)
                    + "; choose an output directory that can be created");
        }
        String holder = token + "\n" + UserGroupInformation.getCurrentUser().getShortUserName() + "@"
                + ClaimHolder.host() + " " + Instant.now() + "\n" + ClaimHolder.line() + "\n";
        Path claim = new Path(dir, CLAIM_FILE);
        try (FSDataOutputStream o = fs.create(claim, false)) {
            o.write(holder.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) { // FileAlreadyExistsException, or HDFS's AlreadyBeingCreatedException while the winner
            // writes it
            if (fs.exists(claim)) {
                throw claimedMeanwhile(dir);
            }
            throw new OutputDirectoryException("cannot create output directory " + dir + ": " + reason(e)
                    + "; choose an output directory that can be created");
        } catch (
                RuntimeException
                        e) { // no race: the file system cannot write at all, e.g. a bad setting (io.file.buffer.size=0)
            deleteIfEmptyClaimOnly(fs, dir); // the directory and the empty claim file this call created
            throw new OutputDirectoryException("cannot write in output directory " + dir + ": " + reason(e)
                    + "; check the file system's settings given with -D or in the *-site.xml files");
        }
        ClaimHolder.renew(fs, dir, token, conf);
        return token;
    }

    /** Deletes {@code dir} when a job claimed it whose holder is provably gone, saying so to {@code said}. */
    private static void takeOverIfGone(FileSystem fs, Path dir, Configuration conf, Consumer<String> said)
            throws IOException {
        Path claimFile = new Path(dir, CLAIM_FILE);
        if (!fs.exists(claimFile) || fs.exists(new Path(dir, FileOutputCommitter.SUCCEEDED_FILE_NAME))) {
            return;
        }
        String stale = token(fs, dir);
        Optional<String> gone = ClaimHolder.gone(fs, dir, conf);
        if (gone.isEmpty() || stale == null || !stale.equals(token(fs, dir))) {
            return; // a holder that may still write, or a claim that changed meanwhile: refused as claimed
        }
        fs.delete(dir, true);
        said.accept("took over output directory " + dir + " from a job that did not finish: " + gone.get()
                + "; what it had written is deleted");
    }

    /** The token of {@code dir}'s claim, or null. */
    private static String token(FileSystem fs, Path dir) {
        try (FSDataInputStream in = fs.open(new Path(dir, CLAIM_FILE))) {
            return new String(in.readNBytes(64), StandardCharsets.UTF_8).split("\n")[0];
        } catch (IOException e) {
            return null;
        }
    }

    /** Records the id of the job writing {@code out} beside its claim {@code token} (its committer's set-up). */
    public static void jobSetUp(Path out, String token, org.apache.hadoop.mapreduce.JobID job, Configuration conf)
            throws IOException {
        ClaimHolder.jobSetUp(out, token, job, conf);
    }

    /** True when {@code dir} holds nothing but an empty claim file: what a claim that failed to write leaves. */
    private static boolean emptyClaimOnly(FileSystem fs, Path dir) throws IOException {
        FileStatus[] entries = fs.listStatus(dir);
        return Arrays.stream(entries)
                .allMatch(f -> f.getPath().getName().equals(CLAIM_FILE) && f.getLen() == 0
                        || f.getPath().getName().equals("." + CLAIM_FILE + ".crc"));
    }

    /** Removes the directory this claim just created when the claim could not be written into it. */
    private static void deleteIfEmptyClaimOnly(FileSystem fs, Path dir) {
        try {
            if (emptyClaimOnly(fs, dir)) {
                fs.delete(dir, true);
            }
        } catch (IOException | RuntimeException e) {
            // the refusal the caller throws says what went wrong; the directory stays, claimed by no one
        }
    }

    /** True when {@code out} holds the claim {@code token}. */
    public static boolean claimedBy(Path out, String token, Configuration conf) throws IOException {
        if (token == null) {
            return false;
        }
        Path claim = new Path(out, CLAIM_FILE);
        FileSystem fs = claim.getFileSystem(conf);
        try (FSDataInputStream in = fs.open(claim)) {
            byte[] b = new byte[token.length()];
            in.readFully(b);
            return token.equals(new String(b, StandardCharsets.UTF_8));
        } catch (FileNotFoundException | EOFException e) {
            return false;
        }
    }

    /** Refuses to go on unless {@code out} holds the claim {@code token}: another job's files are never touched. */
    public static void requireClaim(Path out, String token, Configuration conf) throws IOException {
        if (!claimedBy(out, token, conf)) {
            throw new OutputDirectoryException(
                    "output directory " + out + " is not claimed by this job (another job claimed it, "
                            + "or it was deleted while the job ran); this job leaves it alone");
        }
    }

    /** Deletes {@code out} if it holds the claim {@code token} (a job that will not commit); true if deleted. */
    public static boolean release(Path out, String token, Configuration conf) throws IOException {
        if (!claimedBy(out, token, conf)) {
            return false;
        }
        ClaimHolder.ended(out.getFileSystem(conf).makeQualified(out));
        return out.getFileSystem(conf).delete(out, true);
    }

    /** Ends the claim of a committed output. */
    public static void endClaim(Path out, Configuration conf) throws IOException {
        FileSystem fs = out.getFileSystem(conf);
        fs.delete(new Path(out, CLAIM_FILE), false);
        fs.delete(new Path(out, ClaimHolder.JOB_FILE), false);
        ClaimHolder.ended(fs.makeQualified(out));
    }

    private static OutputDirectoryException claimedMeanwhile(Path dir) {
        return new OutputDirectoryException(
                "output directory " + dir + " was just created by another job writing into it; "
                        + "choose a new output directory, or wait for that job and delete its output first");
    }

    private static String reason(Exception e) {
        String m = e.getMessage() == null
                ? e.getClass().getSimpleName()
                : e.getMessage().lines().findFirst().orElse("");
        if (e instanceof FileSystemException f && f.getReason() != null) {
            m = f.getReason() + (f.getFile() == null ? "" : " (" + f.getFile() + ")");
        } else if (e instanceof NoSuchFileException || e instanceof NotDirectoryException) {
            m = "a part of the path is not a directory (" + e.getMessage() + ")";
        }
        return m;
    }

    /**
     * Refuses {@code out} when it is or lies inside one of {@code dirs} (compared as qualified paths): {@code why} says
     * what would go wrong — what is written there would join what is read from there.
     */
    public static void refuseInside(Path out, Collection<Path> dirs, String why, Configuration conf)
            throws IOException {
        String o = out.getFileSystem(conf).makeQualified(out).toString();
        for (Path dir : dirs) {
            String d = dir.getFileSystem(conf).makeQualified(dir).toString();
            if (o.equals(d) || o.startsWith(d.endsWith("/") ? d : d + "/")) {
                throw new OutputDirectoryException(
                        out + " lies inside " + dir + ": " + why + "; choose a path outside it");
            }
        }
    }

    /** {@link #refuseExisting} then {@link #refuseUnwritable}. */
    public static void checkNew(Path out, Configuration conf) throws IOException {
        refuseExisting(out, conf);
        refuseUnwritable(out, conf);
    }

    /**
     * Refuses an existing {@code out}, telling a finished output ({@code _SUCCESS}) from what a job that never finished
     * left behind ({@code _temporary}, no {@code _SUCCESS}: the application master died before it could clean up), with
     * the command that deletes it.
     */
    public static void refuseExisting(Path out, Configuration conf) throws IOException {
        FileSystem fs = out.getFileSystem(conf);
        if (!fs.exists(out)) {
            return;
        }
        Path dir = fs.makeQualified(out);
        String remove = removeCommand(fs, dir);
        if (fs.exists(new Path(dir, FileOutputCommitter.SUCCEEDED_FILE_NAME))) {
            throw new FileAlreadyExistsException("output directory " + dir
                    + " already exists and holds the output of a finished job "
                    + "(it has _SUCCESS): choose a new output directory, or delete this one first (" + remove + ")");
        }
        if (fs.exists(new Path(dir, CLAIM_FILE))
                && ClaimHolder.gone(fs, dir, conf).isPresent()) {
            return; // claimed by a job that is gone: a claim takes it over
        }
        if (fs.exists(new Path(dir, CLAIM_FILE))) {
            throw new FileAlreadyExistsException(
                    "output directory " + dir + " is claimed by another job (" + holder(fs, dir)
                            + "): it is being written, or holds what is left of a job that was interrupted; choose a new output directory, "
                            + "or once no job writes it, delete it (" + remove + ")");
        }
        if (fs.exists(new Path(dir, FileOutputCommitter.PENDING_DIR_NAME))) {
            throw new FileAlreadyExistsException(
                    "output directory " + dir + " already exists and holds what is left of a job that did "
                            + "not finish (_temporary, no _SUCCESS): delete it (" + remove + ") and run again");
        }
        throw new FileAlreadyExistsException("output directory " + dir
                + " already exists; choose a new output directory, or delete it first if it holds nothing you need");
    }

    /**
     * Refuses an output the current user may not create: its nearest existing ancestor must be a directory the user can
     * write and enter. HDFS and other cluster file systems answer with their own permission check
     * ({@code FileSystem.access}); the local file system asks the operating system.
     */
    public static void refuseUnwritable(Path out, Configuration conf) throws IOException {
        FileSystem fs = out.getFileSystem(conf);
        Path dir = fs.makeQualified(out).getParent();
        while (dir != null && !fs.exists(dir)) {
            dir = dir.getParent();
        }
        if (dir == null) {
            return;
        }
        FileStatus status = fs.getFileStatus(dir);
        boolean writable;
        if ("file".equals(fs.getScheme())) {
            File local = new File(dir.toUri());
            writable = local.isDirectory() && Files.isWritable(local.toPath()) && Files.isExecutable(local.toPath());
        } else {
            try {
                fs.access(dir, FsAction.WRITE_EXECUTE);
                writable = status.isDirectory();
            } catch (AccessControlException e) {
                writable = false;
            }
        }
        if (!writable) {
            String user = UserGroupInformation.getCurrentUser().getShortUserName();
            throw new AccessControlException(
                    "cannot create output directory " + fs.makeQualified(out) + ": user " + user
                            + " may not write in " + dir + " (" + (status.isDirectory() ? "directory" : "file")
                            + " owned by " + status.getOwner()
                            + ", " + status.getPermission() + "); choose an output directory you can write to");
        }
    }

    /** Who claimed {@code dir} and when, as its claim file says. */
    private static String holder(FileSystem fs, Path dir) {
        try (FSDataInputStream in = fs.open(new Path(dir, CLAIM_FILE))) {
            String[] lines = new String(in.readNBytes(512), StandardCharsets.UTF_8).split("\n");
            return lines.length > 1 ? lines[1].replaceAll("\\p{Cntrl}", "?") : "claim unreadable";
        } catch (IOException e) {
            return "claim unreadable";
        }
    }

    private static String removeCommand(FileSystem fs, Path dir) {
        return "file".equals(fs.getScheme()) ? "rm -r " + dir.toUri().getPath() : "hadoop fs -rm -r " + dir;
    }
}
