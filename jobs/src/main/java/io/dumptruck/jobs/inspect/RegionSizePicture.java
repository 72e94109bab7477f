package io.dumptruck.jobs.inspect;

import io.dumptruck.formats.text.ShellBytes;
import io.dumptruck.jobs.picture.Picture;
import java.awt.Color;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The region sizes of a {@link TableInspection} as a bar chart: one bar per region, its height the region's bytes on
 * disk, stacked bottom-up in family order with one colour per family (legend under the title); the mean region size as
 * a red line across; below the bars the region index and start key (HBase shell notation, cut to {@value #KEY_CHARS}
 * characters; as many regions labelled as fit); the verdict at the bottom. Every bar stands on the x axis at
 * {@link #PLOT_BOTTOM}, its height proportional to the region's bytes (the axis runs 10% above the largest region); an
 * empty region has no bar. PNG or SVG by the file name.
 */
public final class RegionSizePicture {
    /** The y coordinate of the x axis, where every bar starts. */
    public static final int PLOT_BOTTOM = 300;

    static final int HEIGHT = 380;
    static final int TOP = 60;
    static final int LEFT = 80;
    static final int RIGHT = 110;
    static final int KEY_CHARS = 12;
    private static final double PLOT_WIDTH = 760;
    private static final double LABEL_WIDTH = 80;
    /** The y axis runs this much above the largest region. */
    private static final double HEADROOM = 1.1;

    private static final Color MEAN = new Color(0xc0, 0x1c, 0x28);
    private static final Color INK = new Color(0x33, 0x33, 0x33);
    private static final Color[] PALETTE = {
        new Color(0x1f, 0x77, 0xb4), new Color(0xff, 0x7f, 0x0e), new Color(0x2c, 0xa0, 0x2c),
        new Color(0x94, 0x67, 0xbd), new Color(0x8c, 0x56, 0x4b), new Color(0xe3, 0x77, 0xc2),
        new Color(0x7f, 0x7f, 0x7f), new Color(0xbc, 0xbd, 0x22), new Color(0x17, 0xbe, 0xcf)
    };

    private RegionSizePicture() {}

    /** The colour of the family at {@code index} in the table's family order. */
    public static Color familyColor(int index) {
        return PALETTE[index % PALETTE.length];
    }

    /** Draws the chart and writes it to {@code file}, PNG or SVG by its extension. */
    public static void write(TableInspection t, Configuration conf, Path file) throws IOException {
        checkName(file);
        draw(t).write(conf, file);
    }

    /**
     * Fails with a one-line message unless {@code file} ends with .png or .svg; call it before inspecting, so that a
     * wrong name fails before the table is scanned.
     */
    public static void checkName(Path file) {
        if (!Picture.isPictureName(file.getName())) {
            throw new IllegalArgumentException(
                    "--picture takes a file name ending with .png or .svg, got " + file.getName());
        }
    }

    public static Picture draw(TableInspection t) {
        List<RegionInspection> regions = t.regions();
        int n = regions.size();
        double slot = Math.max(2, Math.min(80, PLOT_WIDTH / n));
        double plotWidth = slot * n;
        int width = (int) Math.ceil(Math.max(360, LEFT + plotWidth + RIGHT));
        Picture p = new Picture(width, HEIGHT);
        Balance b = t.balance();
        double top = Math.max(1, HEADROOM * b.largestRegionBytes());
        double scale = (PLOT_BOTTOM - TOP) / top;

        p.text(LEFT, 22, t.table() + ": bytes on disk per region", 15, INK);
        legend(p, t.families());
        axes(p, plotWidth, top);
        double barWidth = Math.max(1.5, slot * 0.75);
        int labelEvery = (int) Math.ceil(LABEL_WIDTH / slot);
        for (RegionInspection r : regions) {
            double x = LEFT + r.index() * slot + (slot - barWidth) / 2;
            double y = PLOT_BOTTOM;
            int f = 0;
            for (Figures figures : r.families().values()) {
                double h = figures.bytesOnDisk() * scale;
                if (h > 0) {
                    p.rect(x, y - h, barWidth, h, familyColor(f));
                    y -= h;
                }
                f++;
            }
            if (r.index() % labelEvery == 0) {
                p.text(x, PLOT_BOTTOM + 15, Integer.toString(r.index()), 10, INK);
                p.text(x, PLOT_BOTTOM + 28, key(r.startKey()), 10, INK);
            }
        }
        double meanY = PLOT_BOTTOM - b.meanRegionBytes() * scale;
        p.line(LEFT, meanY, LEFT + plotWidth, meanY, MEAN, 1.5);
        p.text(LEFT + plotWidth + 6, meanY + 4, "mean " + HumanBytes.of(b.meanRegionBytes()), 11, MEAN);
        p.text(LEFT, HEIGHT - 14, b.verdict(), 12, INK);
        return p;
    }

    private static void legend(Picture p, List<String> families) {
        double x = LEFT;
        for (int f = 0; f < families.size(); f++) {
            p.rect(x, 32, 10, 10, familyColor(f));
            p.text(x + 14, 41, families.get(f), 11, INK);
            x += 24 + 7 * families.get(f).length();
        }
    }

    private static void axes(Picture p, double plotWidth, double top) {
        p.line(LEFT, PLOT_BOTTOM, LEFT + plotWidth, PLOT_BOTTOM, INK, 1);
        p.line(LEFT, TOP, LEFT, PLOT_BOTTOM, INK, 1);
        for (int i = 0; i <= 2; i++) {
            double y = PLOT_BOTTOM - (PLOT_BOTTOM - TOP) * i / 2.0;
            p.line(LEFT - 4, y, LEFT, y, INK, 1);
            p.text(6, y + 4, HumanBytes.of(top * i / 2), 10, INK);
        }
    }

    /** A start key in shell notation, quoted, cut to {@value #KEY_CHARS} characters with an ellipsis. */
    static String key(byte[] start) {
        String k = ShellBytes.format(start);
        return "'" + (k.length() > KEY_CHARS ? k.substring(0, KEY_CHARS - 1) + "…" : k) + "'";
    }
}
