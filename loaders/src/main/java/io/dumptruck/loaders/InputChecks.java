package io.dumptruck.loaders;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * What a load checks of its inputs before anything else: they name files ({@link InputFiles}), not only hidden ones,
 * each file may be read by the user, and each codec a file's name asks for can be read here.
 */
final class InputChecks {
    private InputChecks() {}

    /**
     * The listed inputs of {@code options}, or the first refusal: FileNotFoundException, AccessControlException,
     * IllegalArgumentException.
     */
    static InputFiles check(Configuration conf, LoadOptions options) throws IOException {
        InputFiles inputs = InputFiles.of(options.inputs(), conf);
        if (inputs.files().isEmpty()) {
            throw new FileNotFoundException("no file to read in " + options.inputs()
                    + (inputs.skipped().isEmpty()
                            ? ""
                            : ": only hidden files, whose names start with _ or . ("
                                    + InputFiles.examples(inputs.skipped()) + "); name one to read it"));
        }
        Set<Class<?>> codecsChecked = new HashSet<>();
        CompressionCodecFactory factory = new CompressionCodecFactory(conf);
        for (FileStatus file : inputs.files()) {
            refuseUnreadable(file.getPath().getFileSystem(conf), file);
            CompressionCodec codec = factory.getCodec(file.getPath());
            if (codec != null && codecsChecked.add(codec.getClass())) {
                refuseUnusable(codec, file.getPath());
            }
        }
        return inputs;
    }

    /**
     * Refuses an input whose name says it is compressed with a codec this installation cannot read (no native zstd, no
     * lz4 library), before any task tries.
     */
    private static void refuseUnusable(CompressionCodec codec, Path file) {
        try {
            codec.createInputStream(new ByteArrayInputStream(new byte[0])).close();
        } catch (IOException readable) {
            // the codec works: there was just nothing to read
        } catch (RuntimeException | LinkageError e) {
            throw new IllegalArgumentException("input " + file + " is "
                    + codec.getClass().getSimpleName().replace("Codec", "")
                    + "-compressed by its name (" + codec.getDefaultExtension() + "), which cannot be read here (" + e
                    + "); decompress it first, or rename it if it is not compressed");
        }
    }

    /**
     * Refuses an input file the user may not read now rather than in a task. HDFS answers with its own permission
     * check; the local file system asks the operating system.
     */
    private static void refuseUnreadable(FileSystem fs, FileStatus s) throws IOException {
        if (!readable(fs, s)) {
            throw new AccessControlException("cannot read input " + s.getPath() + ": user "
                    + UserGroupInformation.getCurrentUser().getShortUserName() + " may not read this file"
                    + " (owned by " + s.getOwner() + ", " + s.getPermission() + "); give an input you can read");
        }
    }

    /** Whether the user may read the input file {@code s} (directories are listed by {@link InputFiles}). */
    private static boolean readable(FileSystem fs, FileStatus s) throws IOException {
        if ("file".equals(fs.getScheme())) {
            return Files.isReadable(new File(s.getPath().toUri().getPath()).toPath());
        }
        try {
            fs.access(s.getPath(), FsAction.READ);
            return true;
        } catch (AccessControlException e) {
            return false;
        }
    }
}
