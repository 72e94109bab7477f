package io.dumptruck.loaders;

import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;

/**
 * The files a load reads, from the inputs as the user gave them — one rule for the check before the job, the summary,
 * and every input format's splits ({@link #listStatus}):
 *
 * <ul>
 *   <li>an input that names an existing file or directory is that file or directory, even when its name holds glob
 *       characters ({@code {x,y}.tsv}); only an input that names nothing is a glob;
 *   <li>a file the user named is read, even when its name starts with {@code _} or {@code .};
 *   <li>a directory is read with its subdirectories, skipping names that start with {@code _} or {@code .} (Hadoop's
 *       hidden files: {@code _SUCCESS}, {@code .crc}, {@code _temporary}); so are such names a glob matched, unless the
 *       glob's own last part starts so. What is skipped is listed in {@link #skipped} for the summary.
 * </ul>
 *
 * A file that several inputs name is read once. A file whose name holds a colon is refused, naming it: Hadoop's local
 * file system cannot open one (the name of its checksum file does not parse as a path); so are a local named pipe,
 * device or socket, and a symbolic link to nothing in a directory.
 */
public record InputFiles(List<FileStatus> files, List<Path> skipped) {
    /** Lists {@code inputs}; FileNotFoundException for one that matches nothing. */
    public static InputFiles of(List<Path> inputs, Configuration conf) throws IOException {
        List<FileStatus> files = new ArrayList<>();
        List<Path> skipped = new ArrayList<>();
        for (Path input : inputs) {
            FileSystem fs = input.getFileSystem(conf);
            FileStatus[] matches;
            boolean literal = fs.exists(input);
            try {
                matches = literal ? new FileStatus[] {fs.getFileStatus(input)} : fs.globStatus(input);
            } catch (IllegalArgumentException
                    | IOException
                            e) { // a glob that does not parse ("Illegal file pattern"), for a path that is not there
                if (e instanceof IOException && !String.valueOf(e.getMessage()).startsWith("Illegal file pattern")) {
                    throw e;
                }
                throw new FileNotFoundException("input " + input + " names no file, and is not a glob Hadoop can read ("
                        + String.valueOf(e.getMessage()).replaceAll("\\s+", " ") + ")");
            }
            if (matches == null || matches.length == 0) {
                throw new FileNotFoundException(
                        "input " + input + " matches no file; check the path (globs like 'logs/*.gz' are fine)");
            }
            boolean hiddenAsked = literal || hidden(input.getName());
            for (FileStatus match : matches) {
                if (!hiddenAsked && hidden(match.getPath().getName())) {
                    skipped.add(match.getPath());
                } else if (match.isDirectory()) {
                    addDirectory(fs, match.getPath(), files, skipped);
                } else {
                    files.add(match);
                }
            }
        }
        for (FileStatus f : files) {
            refuseUnreadableLocalFile(f.getPath());
            if (f.getPath().getName().indexOf(':') >= 0) {
                throw new FileNotFoundException(
                        "input " + f.getPath() + " cannot be read: Hadoop cannot open a file whose name holds a "
                                + "colon; rename it, or link it under another name (ln -s)");
            }
        }
        Map<Path, FileStatus> once = new LinkedHashMap<>(); // a file two inputs name (d, d/a.tsv, d,d) is read once
        files.forEach(f -> once.putIfAbsent(f.getPath(), f));
        return new InputFiles(List.copyOf(once.values()), skipped);
    }

    static boolean hidden(String name) {
        return name.startsWith("_") || name.startsWith(".");
    }

    private static void addDirectory(FileSystem fs, Path dir, List<FileStatus> files, List<Path> skipped)
            throws IOException {
        if ("file".equals(fs.getUri().getScheme())) {
            refuseDanglingLinks(dir);
        }
        FileStatus[] entries = list(fs, dir);
        Arrays.sort(entries);
        for (FileStatus e : entries) {
            if (hidden(e.getPath().getName())) {
                skipped.add(e.getPath());
            } else if (e.isDirectory()) {
                addDirectory(fs, e.getPath(), files, skipped);
            } else {
                files.add(e);
            }
        }
    }

    /**
     * A local input that is not a regular file — a named pipe, a device, a socket — would block or never end a map
     * task: refused, naming it. Only local paths: HDFS holds files and directories only.
     */
    private static void refuseUnreadableLocalFile(Path file) throws FileNotFoundException {
        if (!"file".equals(file.toUri().getScheme()) && file.toUri().getScheme() != null) {
            return;
        }
        java.nio.file.Path local = java.nio.file.Path.of(file.toUri().getPath());
        if (Files.exists(local) && !Files.isRegularFile(local)) {
            throw new FileNotFoundException(
                    "input " + file + " is not a regular file (a named pipe, a device or a socket), "
                            + "which a load cannot read to its end; move it out of the input or name the files to read");
        }
    }

    /**
     * Hadoop's local listing leaves out a symbolic link to nothing without a word, so a file the user meant to load
     * would silently not be: refused, naming the link, unless its name is hidden.
     */
    private static void refuseDanglingLinks(Path dir) throws IOException {
        try (DirectoryStream<java.nio.file.Path> entries =
                Files.newDirectoryStream(java.nio.file.Path.of(dir.toUri().getPath()))) {
            for (java.nio.file.Path e : entries) {
                if (!hidden(e.getFileName().toString()) && Files.isSymbolicLink(e) && !Files.exists(e)) {
                    throw new FileNotFoundException("input " + e + " is a symbolic link to nothing ("
                            + Files.readSymbolicLink(e) + "); fix or remove the link, or name the files to read");
                }
            }
        }
    }

    /**
     * A directory's entries; on the local file system also those whose names Hadoop's listing cannot make a path of (so
     * they can be named).
     */
    private static FileStatus[] list(FileSystem fs, Path dir) throws IOException {
        try {
            return fs.listStatus(dir);
        } catch (IllegalArgumentException e) {
            if (!"file".equals(fs.getUri().getScheme())) {
                throw new IOException("cannot list input directory " + dir + ": " + e.getMessage(), e);
            }
            String[] names = new File(dir.toUri().getPath()).list();
            List<FileStatus> out = new ArrayList<>();
            for (String name : names == null ? new String[0] : names) {
                out.add(fs.getFileStatus(new Path(dir, "./" + name))); // "./": a colon in the name is no scheme
            }
            return out.toArray(new FileStatus[0]);
        }
    }

    /** The files of a job's input paths, by the rule above: what a FileInputFormat of the loaders lists. */
    public static List<FileStatus> listStatus(JobContext job) throws IOException {
        return of(Arrays.asList(FileInputFormat.getInputPaths(job)), job.getConfiguration())
                .files();
    }

    /** Hadoop's text lines, over the files listed by the rule above. */
    public static final class Lines extends TextInputFormat {
        @Override
        protected List<FileStatus> listStatus(JobContext job) throws IOException {
            return InputFiles.listStatus(job);
        }
    }

    /** The bytes of the files. */
    public long bytes() {
        return files().stream().mapToLong(FileStatus::getLen).sum();
    }

    /** A few of {@code paths}, for a message. */
    public static String examples(List<Path> paths) {
        return String.join(", ", paths.stream().limit(3).map(Path::toString).toList())
                + (paths.size() > 3 ? ", …" : "");
    }
}
