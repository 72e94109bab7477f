package io.dumptruck.cli;

import io.dumptruck.loaders.generate.DataGenerator;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/** Five days of web logs for the nightly tests: 1,200 generated lines dealt out in turn, day N in {@code dayN.log}. */
final class WebLogDays {
    private WebLogDays() {}

    /** Writes the days into {@code dir}; their lines, day 1 first. */
    static List<List<String>> deal(File dir) throws IOException {
        File generated = new File(dir, "weblogs");
        DataGenerator.generate("weblogs", 1_200, 9, generated.toPath(), 1);
        List<String> lines = new ArrayList<>();
        for (File f : generated.listFiles(f -> !f.getName().startsWith("."))) {
            lines.addAll(Files.readAllLines(f.toPath(), StandardCharsets.UTF_8));
        }
        List<List<String>> days = new ArrayList<>();
        for (int day = 0; day < 5; day++) {
            List<String> today = new ArrayList<>();
            for (int i = day; i < lines.size(); i += 5) {
                today.add(lines.get(i));
            }
            days.add(today);
            Files.write(input(dir, day + 1).toPath(), today, StandardCharsets.UTF_8);
        }
        return days;
    }

    /** The file of day {@code day} (1-based) in {@code dir}. */
    static File input(File dir, int day) {
        return new File(dir, "day" + day + ".log");
    }
}
