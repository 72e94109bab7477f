package io.dumptruck.formats.testing;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * The local file system, except that a file named as {@value #FAIL_NAME} in the configuration says fails as on a full
 * disk: it is created, but closing it fails. Installed with {@link #install}.
 */
public class FailingCreateFileSystem extends LocalFileSystem {
    public static final String FAIL_NAME = "test.fail.create.name";

    /** Makes {@code conf}'s local file system fail to create files named {@code name}. */
    public static void install(Configuration conf, String name) {
        conf.setClass("fs.file.impl", FailingCreateFileSystem.class, org.apache.hadoop.fs.FileSystem.class);
        conf.setBoolean("fs.file.impl.disable.cache", true);
        conf.set(FAIL_NAME, name);
    }

    @Override
    public FSDataOutputStream create(
            Path f,
            FsPermission permission,
            boolean overwrite,
            int bufferSize,
            short replication,
            long blockSize,
            Progressable progress)
            throws IOException {
        FSDataOutputStream real = super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
        if (!f.getName().equals(getConf().get(FAIL_NAME))) {
            return real;
        }
        return new FSDataOutputStream(
                new java.io.FilterOutputStream(real) {
                    @Override
                    public void close() throws IOException {
                        real.close();
                        throw new IOException("No space left on device (writing " + f + ")");
                    }
                },
                null);
    }
}
