package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.junit.jupiter.api.Test;

/**
 * The distribution jar as built: it bundles exactly the libraries docs/jar.md lists, each at the version listed and
 * relocated where the list says; none of its classes is also on Hadoop's class path (where the cluster's copy would win
 * under {@code hadoop jar}); and it carries dumptruck's LICENSE, NOTICE and that list.
 */
class DistributionJarIT {
    /** Where cli/pom.xml relocates a bundled library's packages. */
    static final String SHADED = "io/dumptruck/shaded/";

    static final Path DOC = Path.of("../docs/jar.md");

    /** A class file of a multi-release jar's version directory: the directory, then the class's own name. */
    private static final Pattern VERSIONED = Pattern.compile("(META-INF/versions/\\d+/)(.*)");

    /**
     * A row of docs/jar.md's table: {@code | `group:artifact:version` | license | `package`, … |}, the packages
     * relocated, if any, each in backquotes.
     */
    record Listed(String group, String artifact, String version, String license, List<String> relocated) {
        String coordinates() {
            return group + ":" + artifact + ":" + version;
        }

        /** The name a class of this library has inside the distribution jar. */
        String inJar(String name) {
            Matcher versioned = VERSIONED.matcher(name);
            String prefix = versioned.matches() ? versioned.group(1) : "";
            String rest = versioned.matches() ? versioned.group(2) : name;
            boolean moved = relocated.stream().anyMatch(p -> rest.startsWith(p.replace('.', '/') + "/"));
            return prefix + (moved ? SHADED : "") + rest;
        }
    }

    static List<Listed> listed() throws IOException {
        Pattern row = Pattern.compile("^\\| `([^:`]+):([^:`]+):([^:`]+)` \\| ([^|]+) \\|([^|]*)\\|$");
        Pattern quoted = Pattern.compile("`([^`]+)`");
        List<Listed> rows = new ArrayList<>();
        for (String line : Files.readAllLines(DOC)) {
            Matcher m = row.matcher(line);
            if (m.matches()) {
                List<String> packages = quoted.matcher(m.group(5))
                        .results()
                        .map(r -> r.group(1))
                        .toList();
                rows.add(new Listed(m.group(1), m.group(2), m.group(3), m.group(4), packages));
            }
        }
        assertTrue(rows.size() > 20, "docs/jar.md lists the bundled libraries in its table: " + rows);
        return rows;
    }

    /** The library's jar on this build's class path, at exactly the listed version. */
    static File jarOf(Listed l) {
        String tail = "/" + l.group().replace('.', '/') + "/" + l.artifact() + "/" + l.version() + "/" + l.artifact()
                + "-" + l.version() + ".jar";
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> e.endsWith(tail))
                .map(File::new)
                .findFirst()
                .orElse(null);
    }

    /** The class files of a jar (module descriptors aside: the distribution jar drops them). */
    static Set<String> classes(File jar) throws IOException {
        Set<String> names = new HashSet<>();
        try (JarFile j = new JarFile(jar)) {
            j.stream()
                    .map(e -> e.getName())
                    .filter(n -> n.endsWith(".class") && !n.endsWith("module-info.class"))
                    .forEach(names::add);
        }
        return names;
    }

    static String entry(String name) throws IOException {
        try (JarFile jar = new JarFile(ClusterIT.distributionJar())) {
            assertNotNull(jar.getEntry(name), name + " in the distribution jar");
            return new String(jar.getInputStream(jar.getEntry(name)).readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void bundlesExactlyTheLibrariesDocsJarMdLists() throws IOException {
        Set<String> inJar = classes(ClusterIT.distributionJar());
        Set<String> accounted = new HashSet<>();
        List<String> problems = new ArrayList<>();
        for (Listed l : listed()) {
            File jar = jarOf(l);
            if (jar == null) {
                problems.add(l.coordinates() + " is listed but is not a dependency of the build at that version");
                continue;
            }
            Set<String> missing = new TreeSet<>();
            for (String c : classes(jar)) {
                String name = l.inJar(c);
                accounted.add(name);
                if (!inJar.contains(name)) {
                    missing.add(name);
                }
            }
            if (!missing.isEmpty()) {
                problems.add(l.coordinates() + " is listed but " + missing.size() + " of its classes are not in the jar"
                        + " as listed (relocation: " + l.relocated() + "), e.g. "
                        + missing.iterator().next());
            }
        }
        Set<String> unlisted = new TreeSet<>();
        for (String c : inJar) {
            boolean ours = c.startsWith("io/dumptruck/") && !c.startsWith(SHADED);
            if (!ours && !accounted.contains(c)) {
                unlisted.add(c);
            }
        }
        if (!unlisted.isEmpty()) {
            problems.add(unlisted.size() + " classes are bundled from libraries docs/jar.md does not list, e.g. "
                    + unlisted.stream().limit(5).toList()
                    + " (list the library there, and its license in LICENSE unless it is Apache-2.0)");
        }
        assertEquals(List.of(), problems);
    }

    /** The jars of {@code others} holding a class the distribution jar holds too, with an example each. */
    static List<String> clashes(List<File> others) throws IOException {
        Set<String> inJar = classes(ClusterIT.distributionJar());
        List<String> clashes = new ArrayList<>();
        for (File jar : others) {
            Set<String> both = classes(jar);
            both.retainAll(inJar);
            if (!both.isEmpty()) {
                clashes.add(jar.getName() + ": " + both.size() + " classes, e.g. "
                        + both.iterator().next());
            }
        }
        return clashes;
    }

    @Test
    void sharesNoClassWithHadoopsClassPath() throws IOException {
        List<File> hadoops = ClusterIT.hadoopClientClassPath(new File("target")).stream()
                .filter(e -> e.endsWith(".jar"))
                .map(File::new)
                .toList();
        assertTrue(hadoops.stream().anyMatch(j -> j.getName().startsWith("hadoop-common-")), hadoops.toString());
        assertEquals(
                List.of(),
                clashes(hadoops),
                "classes of the distribution jar that Hadoop's class path also has, where the cluster's copy would"
                        + " win: relocate them (cli/pom.xml and docs/jar.md)");
    }

    /**
     * {@code HADOOP_CLASSPATH=$(hbase mapredcp)}: HBase's jars are left out at launch ({@link OneLoaderLaunch}); no
     * class of the distribution jar may be in the others it lists (HBase's {@code addHBaseDependencyJars}).
     */
    @Test
    void sharesNoClassWithWhatHBaseMapredcpListsBesidesHBase() throws IOException {
        Configuration conf = new Configuration(false);
        TableMapReduceUtil.addHBaseDependencyJars(conf);
        List<File> mapredcp = Arrays.stream(conf.getStrings("tmpjars"))
                .map(uri -> new File(new org.apache.hadoop.fs.Path(uri).toUri().getPath()))
                .toList();
        List<File> others = mapredcp.stream()
                .filter(jar -> !OneLoaderLaunch.holdsHBase(jar))
                .toList();
        assertTrue(
                mapredcp.stream().anyMatch(j -> j.getName().startsWith("hbase-client-"))
                        && mapredcp.stream().filter(OneLoaderLaunch::holdsHBase).count() > 10,
                "HBase's own jars are among them and recognised: " + mapredcp);
        assertTrue(others.stream().anyMatch(j -> j.getName().startsWith("zookeeper-")), others.toString());
        assertEquals(List.of(), clashes(others), "relocate them (cli/pom.xml and docs/jar.md)");
    }

    @Test
    void carriesDumptrucksLicenseNoticeAndTheListOfWhatItBundles() throws IOException {
        assertEquals(Files.readString(Path.of("../LICENSE")), entry("META-INF/LICENSE"));
        assertEquals(Files.readString(DOC), entry("META-INF/DEPENDENCIES"));
        String notice = entry("META-INF/NOTICE");
        String ours = Files.readString(Path.of("../NOTICE"));
        assertTrue(notice.contains(ours.substring(0, ours.indexOf("\n\n"))), notice);
        assertTrue(notice.contains("Apache HBase") && notice.contains("Apache ZooKeeper"), notice);
        String license = Files.readString(Path.of("../LICENSE"));
        for (Listed l : listed()) {
            if (!l.license().equals("Apache-2.0")) {
                assertTrue(
                        license.contains(l.group() + ":" + l.artifact()),
                        l.coordinates() + " is not under the Apache License: LICENSE must name it with its license");
            }
        }
        assertFalse(license.isBlank());
    }
}
