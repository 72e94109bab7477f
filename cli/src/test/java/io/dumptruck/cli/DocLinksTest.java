package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The repository cites only what it holds: every relative link of a Markdown page names a file that exists (and a
 * heading of it, for {@code page.md#anchor}), every {@code *.md} file named in code, docs, poms or scripts exists, and
 * nothing points outside the repository.
 */
class DocLinksTest {
    private static final Path ROOT = repositoryRoot();
    private static final Set<String> SKIPPED_DIRS = Set.of("target", ".git", "node_modules");
    private static final Set<String> TEXT_SUFFIXES =
            Set.of(".md", ".java", ".xml", ".json", ".sh", ".py", ".properties");
    /** {@code [text](target)} of Markdown; the target up to a space or the closing parenthesis. */
    private static final Pattern MARKDOWN_LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)[^)]*\\)");
    /**
     * A file name ending in .md, with the folders before it, not part of a longer word or URL; a name that opens a
     * string literal ({@code "report.md"}) is a file a program writes, not a citation.
     */
    private static final Pattern CITED_PAGE =
            Pattern.compile("(?<![\\w/.:\"-])((?:\\.\\.?/)*(?:[\\w.-]+/)*[\\w-]+\\.md)\\b");

    @Test
    void everyRelativeMarkdownLinkNamesAnExistingFileAndHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page :
                files().stream().filter(f -> f.toString().endsWith(".md")).toList()) {
            for (String target : matches(MARKDOWN_LINK, withoutCodeBlocks(read(page)))) {
                if (target.matches("^[a-z]+:.*")
                        || target.startsWith("#") && anchorOf(page, target.substring(1), broken)) {
                    continue;
                }
                String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                Path resolved = page.getParent().resolve(file).normalize();
                if (!resolved.startsWith(ROOT) || !Files.exists(resolved)) {
                    broken.add(ROOT.relativize(page) + ": link to " + target + " names no file of the repository");
                } else if (target.contains("#") && file.endsWith(".md")) {
                    anchorOf(resolved, target.substring(target.indexOf('#') + 1), broken);
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    @Test
    void everyCitedPageExists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path file : files()) {
            for (String cited : matches(CITED_PAGE, read(file))) {
                boolean fromRoot = Files.exists(ROOT.resolve(cited).normalize());
                boolean fromHere = Files.exists(file.getParent().resolve(cited).normalize());
                if (!fromRoot && !fromHere) {
                    missing.add(ROOT.relativize(file) + " cites " + cited + ", which is not in the repository");
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void nothingPointsOutsideTheRepository() throws IOException {
        List<String> outside = new ArrayList<>();
        for (Path file : files()) {
            if (read(file).contains("../shared")) {
                outside.add(ROOT.relativize(file).toString());
            }
        }
        assertEquals(List.of(), outside, "files that cite ../shared, which users of the repository do not have");
    }

    @Test
    void theCheckSeesTheDocsItGuards() throws IOException {
        List<String> names =
                files().stream().map(f -> ROOT.relativize(f).toString()).toList();
        assertTrue(names.contains("README.md") && names.contains("docs/tables.md"), "repository root misread: " + ROOT);
        assertTrue(matches(CITED_PAGE, "see docs/tables.md, and README.md.")
                .equals(List.of("docs/tables.md", "README.md")));
        assertEquals(
                "the-tables-and-why-they-look-the-way-they-do", slug("The tables and why they look the way they do"));
        assertEquals("graph--dumptruck-load-graph", slug("Graph — `dumptruck load graph`"));
    }

    /**
     * Whether {@code page} has a heading whose GitHub anchor is {@code anchor}; adds what is missing to {@code broken}.
     */
    private static boolean anchorOf(Path page, String anchor, List<String> broken) {
        Set<String> anchors = withoutCodeBlocks(read(page))
                .lines()
                .filter(l -> l.startsWith("#"))
                .map(l -> slug(l.replaceFirst("^#+\\s*", "")))
                .collect(Collectors.toSet());
        if (!anchors.contains(anchor)) {
            broken.add(ROOT.relativize(page) + " has no heading for #" + anchor);
        }
        return true;
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
    static String slug(String heading) {
        return heading.trim()
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N} _-]", "")
                .replace(' ', '-');
    }

    private static String withoutCodeBlocks(String markdown) {
        return markdown.replaceAll("(?ms)^```.*?^```", "");
    }

    private static List<String> matches(Pattern pattern, String text) {
        List<String> out = new ArrayList<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static List<Path> files() throws IOException {
        try (Stream<Path> walk = Files.walk(ROOT)) {
            return walk.filter(Files::isRegularFile)
                    .filter(f -> ROOT.relativize(f).toString().split("/").length > 0
                            && Stream.of(ROOT.relativize(f).toString().split("/"))
                                    .noneMatch(SKIPPED_DIRS::contains))
                    .filter(f -> TEXT_SUFFIXES.stream().anyMatch(f.toString()::endsWith) || isScript(f))
                    .filter(f -> !f.equals(ROOT.resolve("cli/src/test/java/io/dumptruck/cli/DocLinksTest.java")))
                    .sorted()
                    .toList();
        }
    }

    private static boolean isScript(Path f) {
        return f.getParent().endsWith("bin")
                || f.getParent().endsWith(".ci")
                || f.getFileName().toString().equals("run");
    }

    private static String read(Path f) {
        try {
            return new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The checkout: this module's parent, the folder with the README. */
    private static Path repositoryRoot() {
        Path module = Path.of("").toAbsolutePath();
        Path root = Files.exists(module.resolve("README.md")) && Files.exists(module.resolve("cli"))
                ? module
                : module.getParent();
        return root.normalize();
    }
}
