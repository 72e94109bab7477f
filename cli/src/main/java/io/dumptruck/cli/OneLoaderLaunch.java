package io.dumptruck.cli;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;

/**
 * Under {@code hadoop jar}, Hadoop's RunJar loads this jar in a child class loader of the one that holds Hadoop. HBase
 * ships classes inside Hadoop's packages (e.g. its {@code org.apache.hadoop.metrics2.lib.DynamicMetricsRegistry}) that
 * use package-private Hadoop classes; split across two loaders those packages are different at run time and HBase's
 * metrics fail with an {@code IllegalAccessError} as soon as an HFile is opened in this JVM (local mode, sampling,
 * split planning). So when started by RunJar, {@code main} runs again in one loader holding Hadoop's classpath first
 * and then this jar — the same parent-first precedence, without the split.
 *
 * <p>HBase's own jars on that class path ({@code HADOOP_CLASSPATH=$(hbase mapredcp)}, often set for every job on an
 * HBase cluster) are left out of the new loader, with one line saying so: they would come first and run this jar's code
 * on the cluster's HBase classes, which it was not built with. The jar carries its own HBase; everything else
 * {@code hbase mapredcp} lists is relocated inside it (docs/jar.md).
 */
final class OneLoaderLaunch {
    private static final String MARK = "dumptruck.one.loader";

    private OneLoaderLaunch() {}

    /** True when this class came from a RunJar child loader and has not been relaunched yet. */
    static boolean needed() {
        ClassLoader own = OneLoaderLaunch.class.getClassLoader();
        return System.getProperty(MARK) == null
                && own instanceof URLClassLoader
                && own != ClassLoader.getSystemClassLoader()
                && loadsRunJar(ClassLoader.getSystemClassLoader());
    }

    private static boolean loadsRunJar(ClassLoader loader) {
        try {
            Class.forName("org.apache.hadoop.util.RunJar", false, loader);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    static void relaunch(String[] args) throws Throwable {
        List<URL> urls = new ArrayList<>();
        List<String> hbases = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            if (holdsHBase(new File(entry))) {
                hbases.add(entry);
            } else {
                urls.add(toUrl(entry));
            }
        }
        if (!hbases.isEmpty()) {
            System.err.println(
                    "dumptruck: left " + hbases.size() + " HBase jar(s) of the class path out (" + hbases.get(0)
                            + (hbases.size() > 1 ? ", …" : "") + "): this jar runs the HBase inside it, "
                            + VersionCommand.built().getProperty("hbase.version"));
        }
        for (URL u : ((URLClassLoader) OneLoaderLaunch.class.getClassLoader()).getURLs()) {
            urls.add(u);
        }
        System.setProperty(MARK, "true");
        URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
        Thread.currentThread().setContextClassLoader(loader);
        try {
            loader.loadClass(Main.class.getName())
                    .getMethod("main", String[].class)
                    .invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * True for a jar of HBase itself or of its relocated third-party libraries: one named {@code *hbase*.jar}, as every
     * HBase distribution names them, with classes under {@code org/apache/hadoop/hbase/} or
     * {@code org/apache/hbase/thirdparty/}. (The name is looked at first: a cluster's class path holds hundreds of
     * jars.)
     */
    static boolean holdsHBase(File entry) {
        String name = entry.getName().toLowerCase(java.util.Locale.ROOT);
        if (!name.contains("hbase") || !name.endsWith(".jar") || !entry.isFile()) {
            return false;
        }
        try (ZipFile jar = new ZipFile(entry)) {
            return jar.stream()
                    .anyMatch(e -> e.getName().startsWith("org/apache/hadoop/hbase/")
                            || e.getName().startsWith("org/apache/hbase/thirdparty/"));
        } catch (IOException e) {
            return false; // not a jar the JVM could read either
        }
    }

    private static URL toUrl(String entry) {
        try {
            return new File(entry).toURI().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("bad class path entry " + entry, e);
        }
    }
}
