package io.dumptruck.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.testing.LocalJobs;
import io.dumptruck.loaders.graph.GraphLoader;
import java.io.File;
import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which files a load reads: hidden names skipped and reported, named ones read, subdirectories, names a glob would
 * misread.
 */
class InputFilesTest {
    @TempDir
    File tmp;

    private File file(String relative, String text) throws Exception {
        File f = new File(tmp, relative);
        f.getParentFile().mkdirs();
        Files.writeString(f.toPath(), text);
        return f;
    }

    private InputFiles list(String... inputs) throws Exception {
        return InputFiles.of(
                java.util.Arrays.stream(inputs)
                        .map(i -> new Path(new File(tmp, i).getAbsolutePath()))
                        .toList(),
                LocalJobs.localConf());
    }

    private static List<String> names(List<FileStatus> files) {
        return files.stream().map(f -> f.getPath().getName()).sorted().toList();
    }

    @Test
    void directoriesAreReadWithTheirSubdirectoriesAndHiddenNamesAreSkippedAndReported() throws Exception {
        file("in/a.tsv", "a\tb\n");
        file("in/day=1/b.tsv", "a\tc\n");
        file("in/_SUCCESS", "");
        file("in/.draft.tsv", "a\tx\n");
        file("in/_temporary/c.tsv", "a\td\n");
        InputFiles in = list("in");
        assertEquals(List.of("a.tsv", "b.tsv"), names(in.files()));
        assertEquals(
                List.of(".draft.tsv", "_SUCCESS", "_temporary"),
                in.skipped().stream().map(Path::getName).sorted().toList());
    }

    @Test
    void aNamedPipeInTheInputIsRefusedNamingItInsteadOfBlockingAMapForever() throws Exception {
        file("in/a.tsv", "a\tb\n");
        File pipe = new File(tmp, "in/pipe.tsv");
        assertEquals(0, new ProcessBuilder("mkfifo", pipe.getPath()).start().waitFor());
        for (String input : new String[] {"in", "in/pipe.tsv"}) {
            FileNotFoundException e = assertThrows(FileNotFoundException.class, () -> list(input));
            assertTrue(e.getMessage().contains("pipe.tsv is not a regular file"), e.getMessage());
        }
    }

    @Test
    void aSymbolicLinkToNothingInADirectoryIsRefusedNotLeftOutWithoutAWord() throws Exception {
        file("in/a.tsv", "a\tb\n");
        Files.createSymbolicLink(new File(tmp, "in/gone.tsv").toPath(), new File(tmp, "nowhere.tsv").toPath());
        FileNotFoundException e = assertThrows(FileNotFoundException.class, () -> list("in"));
        assertTrue(e.getMessage().contains("gone.tsv is a symbolic link to nothing"), e.getMessage());
        Files.createSymbolicLink(new File(tmp, "in2").toPath(), new File(tmp, "in").toPath());
        Files.delete(new File(tmp, "in/gone.tsv").toPath());
        Files.createSymbolicLink(new File(tmp, "in/.gone.tsv").toPath(), new File(tmp, "nowhere.tsv").toPath());
        assertEquals(
                List.of("a.tsv"), names(list("in2").files()), "a hidden dangling link is skipped like any hidden name");
    }

    @Test
    void aFileSeveralInputsNameIsReadOnce() throws Exception {
        file("in/a.tsv", "a\tb\n");
        file("in/b.tsv", "a\tc\n");
        assertEquals(
                List.of("a.tsv", "b.tsv"),
                names(list("in", "in", "in/a.tsv", "in/*.tsv").files()));
    }

    @Test
    void aHiddenFileTheUserNamesIsRead() throws Exception {
        file("in/_part.tsv", "a\tb\n");
        assertEquals(List.of("_part.tsv"), names(list("in/_part.tsv").files()));
        assertEquals(List.of("_part.tsv"), names(list("in/_*.tsv").files()), "a glob that asks for hidden names");
        assertEquals(List.of(), names(list("in/*").files()), "a glob that does not");
    }

    @Test
    void aNameWithGlobCharactersIsTheFileItNames() throws Exception {
        file("in/{x,y}.tsv", "a\tb\n");
        file("in/x.tsv", "a\tc\n");
        assertEquals(List.of("{x,y}.tsv"), names(list("in/{x,y}.tsv").files()));
        assertEquals(List.of("x.tsv"), names(list("in/{x,z}.tsv").files()), "a name that is not there is a glob");
    }

    @Test
    void namesWithAColonAreRefusedNamingTheFile() throws Exception {
        file("in/a:b.tsv", "a\tb\n");
        FileNotFoundException e = assertThrows(FileNotFoundException.class, () -> list("in"));
        assertTrue(e.getMessage().contains("a:b.tsv") && e.getMessage().contains("colon"), e.getMessage());
    }

    /** A directory of only hidden files is refused before the job; one named explicitly loads. */
    @Test
    void aLoadOfOnlyHiddenFilesIsRefusedAndANamedOneLoads() throws Exception {
        file("in/_edges.tsv", "a\tb\t1000\n");
        Configuration conf = LocalJobs.localConf();
        Path out = new Path(tmp.getAbsolutePath(), "out");
        LoadOptions dir =
                new LoadOptions(List.of(new Path(new File(tmp, "in").getAbsolutePath())), out, 1, 1L, 1.0, Map.of());
        FileNotFoundException e =
                assertThrows(FileNotFoundException.class, () -> LoadJob.prepare(conf, new GraphLoader(), dir));
        assertTrue(
                e.getMessage().contains("only hidden files") && e.getMessage().contains("_edges.tsv"), e.getMessage());
        assertTrue(!new File(out.toString()).exists());
        LoadOptions named = new LoadOptions(
                List.of(new Path(new File(tmp, "in/_edges.tsv").getAbsolutePath())), out, 1, 1L, 1.0, Map.of());
        PreparedLoad load = LoadJob.prepare(conf, new GraphLoader(), named);
        Job job = load.job();
        assertTrue(job.waitForCompletion(false));
        LoadReport r = load.finish();
        assertEquals(1, r.loaded());
    }
}
