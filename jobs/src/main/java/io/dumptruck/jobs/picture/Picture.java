package io.dumptruck.jobs.picture;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A small drawing — filled rectangles and shapes, lines and text on a white page, colours with alpha drawn see-through
 * — written as PNG (through headless AWT) or SVG (text), whichever the file name ends with. Coordinates are pixels from
 * the top left corner. Build it up, then {@link #write} it; the same calls give the same picture in both forms.
 */
public final class Picture {
    private final int width;
    private final int height;
    private final BufferedImage image;
    private final Graphics2D g;
    private final StringBuilder svg = new StringBuilder();
    private int clips;

    public Picture(int width, int height) {
        System.setProperty("java.awt.headless", "true");
        this.width = width;
        this.height = height;
        this.image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        this.g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        svg.append(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">%n"
                        + "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>%n",
                width,
                height,
                width,
                height,
                width,
                height));
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public Picture rect(double x, double y, double w, double h, Color fill) {
        g.setColor(fill);
        g.fill(new Rectangle2D.Double(x, y, w, h));
        svg.append(String.format(
                Locale.ROOT,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\"/>%n",
                x,
                y,
                w,
                h,
                hex(fill)));
        return this;
    }

    public Picture line(double x1, double y1, double x2, double y2, Color stroke, double strokeWidth) {
        g.setColor(stroke);
        g.setStroke(new BasicStroke((float) strokeWidth));
        g.draw(new Line2D.Double(x1, y1, x2, y2));
        svg.append(String.format(
                Locale.ROOT,
                "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\"%s stroke-width=\"%.2f\"/>%n",
                x1,
                y1,
                x2,
                y2,
                hex(stroke),
                opacity("stroke", stroke),
                strokeWidth));
        return this;
    }

    /** A filled shape of one or more closed rings of (x, y) points; a ring inside another is a hole (even-odd rule). */
    public Picture polygon(List<double[][]> rings, Color fill) {
        Path2D.Double path = new Path2D.Double(Path2D.WIND_EVEN_ODD);
        StringBuilder d = new StringBuilder();
        for (double[][] ring : rings) {
            trace(ring, path, d);
            path.closePath();
            d.append('Z');
        }
        g.setColor(fill);
        g.fill(path);
        svg.append(String.format(
                Locale.ROOT,
                "<path d=\"%s\" fill=\"%s\"%s fill-rule=\"evenodd\"/>%n",
                d,
                hex(fill),
                opacity("fill", fill)));
        return this;
    }

    /** An open line through (x, y) points. */
    public Picture polyline(double[][] points, Color stroke, double strokeWidth) {
        Path2D.Double path = new Path2D.Double();
        StringBuilder d = new StringBuilder();
        trace(points, path, d);
        g.setColor(stroke);
        g.setStroke(new BasicStroke((float) strokeWidth, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(path);
        svg.append(String.format(
                Locale.ROOT,
                "<path d=\"%s\" fill=\"none\" stroke=\"%s\"%s stroke-width=\"%.2f\" " + "stroke-linejoin=\"round\"/>%n",
                d,
                hex(stroke),
                opacity("stroke", stroke),
                strokeWidth));
        return this;
    }

    private static void trace(double[][] points, Path2D.Double path, StringBuilder d) {
        for (int i = 0; i < points.length; i++) {
            if (i == 0) {
                path.moveTo(points[i][0], points[i][1]);
            } else {
                path.lineTo(points[i][0], points[i][1]);
            }
            d.append(String.format(Locale.ROOT, "%s%.1f %.1f", i == 0 ? "M" : "L", points[i][0], points[i][1]));
        }
    }

    /** Draws only inside the rectangle until {@link #unclip}. */
    public Picture clip(double x, double y, double w, double h) {
        g.setClip(new Rectangle2D.Double(x, y, w, h));
        clips++;
        svg.append(String.format(
                Locale.ROOT,
                "<clipPath id=\"clip%d\"><path d=\"M%.2f %.2fH%.2fV%.2fH%.2fZ\"/></clipPath>%n"
                        + "<g clip-path=\"url(#clip%d)\">%n",
                clips,
                x,
                y,
                x + w,
                y + h,
                x,
                clips));
        return this;
    }

    public Picture unclip() {
        g.setClip(null);
        svg.append("</g>\n");
        return this;
    }

    /** Text with its baseline starting at (x, y), in a sans-serif font of {@code size} pixels. */
    public Picture text(double x, double y, String text, int size, Color color) {
        g.setColor(color);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, size));
        g.drawString(text, (float) x, (float) y);
        svg.append(String.format(
                Locale.ROOT,
                "<text x=\"%.2f\" y=\"%.2f\" font-family=\"sans-serif\" font-size=\"%d\" fill=\"%s\"%s>%s</text>%n",
                x,
                y,
                size,
                hex(color),
                opacity("fill", color),
                escape(text)));
        return this;
    }

    /** A colour from white (0) through yellow and orange to dark red (1), for densities and sizes. */
    public static Color heat(double fraction) {
        double f = Math.max(0, Math.min(1, fraction));
        float hue = (float) (0.16 * (1 - f));
        float saturation = (float) Math.min(1, 0.15 + f * 1.5);
        float brightness = (float) (1 - 0.45 * f);
        return Color.getHSBColor(hue, saturation, brightness);
    }

    /** The picture as PNG bytes. */
    public byte[] png() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }

    /** The picture as an SVG document. */
    public String svg() {
        return svg + "</svg>\n";
    }

    /** Writes PNG or SVG, chosen by the file name ({@code .png} or {@code .svg}); anything else is an error. */
    public void write(Configuration conf, Path file) throws IOException {
        byte[] bytes = bytesFor(file.getName());
        FileSystem fs = file.getFileSystem(conf);
        if (fs instanceof LocalFileSystem local) { // a picture to look at: no .crc file beside it
            fs = local.getRawFileSystem();
        }
        try (OutputStream out = fs.create(file, true)) {
            out.write(bytes);
        }
    }

    private byte[] bytesFor(String name) throws IOException {
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".png")) {
            return png();
        }
        if (lower.endsWith(".svg")) {
            return svg().getBytes(StandardCharsets.UTF_8);
        }
        throw new IllegalArgumentException("picture file " + name + " must end with .png or .svg");
    }

    /** True for a file name a picture can be written to. */
    public static boolean isPictureName(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith(".png") || lower.endsWith(".svg");
    }

    private static String hex(Color c) {
        return String.format("#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }

    /** An SVG opacity attribute for a colour with alpha, else nothing. */
    private static String opacity(String what, Color c) {
        return c.getAlpha() == 255
                ? ""
                : String.format(Locale.ROOT, " %s-opacity=\"%.2f\"", what, c.getAlpha() / 255.0);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
