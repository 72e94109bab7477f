package io.dumptruck.cli;

import io.dumptruck.formats.runtime.OutputDirectory;
import io.dumptruck.formats.runtime.OutputDirectoryException;
import io.dumptruck.jobs.inspect.InspectionJson;
import io.dumptruck.jobs.inspect.InspectionText;
import io.dumptruck.jobs.inspect.RegionSizePicture;
import io.dumptruck.jobs.inspect.TableInspection;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * {@code dumptruck inspect <table-dir>}: files, rows, cells, bytes, compression, key and value lengths, blooms,
 * encodings and time ranges per region and family, a balance verdict, and optionally a picture of region sizes.
 */
final class InspectCommand extends Command {
    @Override
    public String summary() {
        return "figures per region and family of a table directory, a balance verdict, a picture of region sizes";
    }

    @Override
    public String usage() {
        return "dumptruck inspect <table-dir> [--json] [--picture FILE.png|FILE.svg]\n"
                + TableReadCommand.TABLE_ARGUMENT
                + "  --json               the same figures as JSON, for scripts\n"
                + "  --picture FILE       draw region sizes (bars stacked per family, the mean as a line): .png or .svg,\n"
                + "                       on the local file system unless FILE names a scheme (hdfs://…)";
    }

    private Path localUnlessQualified(String name) throws IOException {
        Path p = new Path(name);
        return p.toUri().getScheme() != null
                ? p
                : FileSystem.getLocal(getConf()).makeQualified(p);
    }

    @Override
    public int run(String[] argv) throws Exception {
        Args args = new Args(argv, Set.of("picture"), Set.of("json"));
        String dir = args.positional(0, "<table-dir>");
        args.expectPositionals(1);
        // a picture is for looking at here: a path without a scheme is on the local file system, even under hadoop jar
        Path picture = args.has("picture") ? localUnlessQualified(args.path("picture")) : null;
        if (picture != null) {
            try {
                RegionSizePicture.checkName(picture);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage(), e);
            }
        }
        Path table = TableLocation.of(getConf(), dir);
        if (picture != null) {
            try {
                OutputDirectory.refuseInside(
                        picture,
                        List.of(table),
                        "readers would take the picture for one of the table's files",
                        getConf());
            } catch (OutputDirectoryException e) {
                throw new UsageException("--picture " + e.getMessage(), e);
            }
        }
        TableInspection t = TableInspection.inspect(getConf(), table);
        out.print(args.flag("json") ? InspectionJson.render(t) : InspectionText.render(t));
        if (picture != null) {
            RegionSizePicture.write(t, getConf(), picture);
            if (!args.flag("json")) {
                out.println("picture of region sizes: " + picture);
            }
        }
        return 0;
    }
}
