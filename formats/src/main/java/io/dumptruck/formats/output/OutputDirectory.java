package io.dumptruck.formats.output;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.mapred.FileAlreadyExistsException;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * The checks a job's new output directory passes before any task starts: it does not exist yet,
 * and the user may create it. Each refusal is a one-line message that says what to do.
 */
public final class OutputDirectory {
  private OutputDirectory() {}

  /** {@link #refuseExisting} then {@link #refuseUnwritable}. */
  public static void checkNew(Path out, Configuration conf) throws IOException {
    refuseExisting(out, conf);
    refuseUnwritable(out, conf);
  }

  /**
   * Refuses an existing {@code out}, telling a finished output ({@code _SUCCESS}) from what a job that
   * never finished left behind ({@code _temporary}, no {@code _SUCCESS}: the application master died
   * before it could clean up), with the command that deletes it.
   */
  public static void refuseExisting(Path out, Configuration conf) throws IOException {
    FileSystem fs = out.getFileSystem(conf);
    if (!fs.exists(out)) {
      return;
    }
    Path dir = fs.makeQualified(out);
    String remove = removeCommand(fs, dir);
    if (fs.exists(new Path(dir, FileOutputCommitter.SUCCEEDED_FILE_NAME))) {
      throw new FileAlreadyExistsException("output directory " + dir + " already exists and holds the output of a finished job "
          + "(it has _SUCCESS): choose a new output directory, or delete this one first (" + remove + ")");
    }
    if (fs.exists(new Path(dir, FileOutputCommitter.PENDING_DIR_NAME))) {
      throw new FileAlreadyExistsException("output directory " + dir + " already exists and holds what is left of a job that did "
          + "not finish (_temporary, no _SUCCESS): delete it (" + remove + ") and run again");
    }
    throw new FileAlreadyExistsException("output directory " + dir
        + " already exists; choose a new output directory, or delete it first if it holds nothing you need");
  }

  /**
   * Refuses an output the current user may not create: its nearest existing ancestor must be a
   * directory the user can write and enter. HDFS and other cluster file systems answer with their own
   * permission check ({@code FileSystem.access}); the local file system asks the operating system.
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
      throw new AccessControlException("cannot create output directory " + fs.makeQualified(out) + ": user " + user
          + " may not write in " + dir + " (" + (status.isDirectory() ? "directory" : "file") + " owned by " + status.getOwner()
          + ", " + status.getPermission() + "); choose an output directory you can write to");
    }
  }

  private static String removeCommand(FileSystem fs, Path dir) {
    return "file".equals(fs.getScheme()) ? "rm -r " + dir.toUri().getPath() : "hadoop fs -rm -r " + dir;
  }
}
