package io.dumptruck.cli;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * Under {@code hadoop jar}, Hadoop's RunJar loads this jar in a child class loader of the one that holds Hadoop. HBase
 * ships classes inside Hadoop's packages (e.g. its {@code org.apache.hadoop.metrics2.lib.DynamicMetricsRegistry}) that
 * use package-private Hadoop classes; split across two loaders those packages are different at run time and HBase's
 * metrics fail with an {@code IllegalAccessError} as soon as an HFile is opened in this JVM (local mode, sampling,
 * split planning). So when started by RunJar, {@code main} runs again in one loader holding Hadoop's classpath first
 * and then this jar — the same parent-first precedence, without the split.
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
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                urls.add(toUrl(entry));
            }
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

    private static URL toUrl(String entry) {
        try {
            return new File(entry).toURI().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("bad class path entry " + entry, e);
        }
    }
}
