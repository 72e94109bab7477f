package io.dumptruck.cli;

import java.util.Locale;

/** Byte counts for people: 1023 B, 1.5 KiB, 12.0 MiB … */
final class TextBytes {
  private TextBytes() {}

  static String human(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    double v = bytes;
    int u = -1;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
