package io.dumptruck.loaders.events;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.rowkey.RowKeyBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A host's events in {@code [from, to)} from {@code log_data}, under each key layout — the point of
 * the LOG_DATA designs is how differently the same question is read:
 * <ul>
 *   <li>bucketed: N scans, one per bucket byte, over {@code b ‖ long(from) .. b ‖ long(to)}, keeping the host's rows;</li>
 *   <li>host-first: one scan of {@code host ‖ 0 ‖ event ‖ 0 ‖ revts(t)} over the time range (newest first);</li>
 *   <li>hashed: one scan of {@code md5(host) ‖ md5(event) ‖ long(from .. to)};</li>
 *   <li>numeric: two gets in {@code log_types} for the ids, then one scan of {@code long ‖ long ‖ long(from .. to)}.</li>
 * </ul>
 * The event type is required for host-first (or all of the host's events are read), hashed and numeric.
 */
public final class EventQueries {
  private EventQueries() {}

  /** One event read back. */
  public record Found(long time, String host, String event, String value) {}

  /** The events, oldest first, and how many scans it took. */
  public record Answer(List<Found> events, int scans) {}

  public static Answer events(TableReader logData, TableReader logTypes, String layout, int buckets, String host,
      String event, long from, long to) throws IOException {
    List<Found> out = new ArrayList<>();
    int scans = 0;
    RowKeyBuilder key = new RowKeyBuilder(64);
    switch (layout) {
      case "bucketed" -> {
        byte[] match = event == null ? Bytes.add(Bytes.toBytes(host), new byte[] {0})
            : key.clear().utf8(host).separator().utf8(event).build();
        for (int b = 0; b < buckets; b++) {
          scans++;
          byte[] start = key.clear().oneByte(b).longBE(from).build();
          byte[] stop = key.clear().oneByte(b).longBE(to).build();
          for (Result r : scan(logData, start, stop)) {
            byte[] row = r.getRow();
            byte[] rest = Bytes.tail(row, row.length - 9);
            boolean hit = event == null ? Bytes.startsWith(rest, match) : Bytes.equals(rest, match);
            if (hit) {
              String[] names = new String(rest, StandardCharsets.UTF_8).split("\0", 2);
              out.add(new Found(Bytes.toLong(row, 1), names[0], names[1], value(r, "v")));
            }
          }
        }
      }
      case "host-first" -> {
        scans++;
        if (event == null) {
          for (Result r : scan(logData, Bytes.add(Bytes.toBytes(host), new byte[] {0}), null)) {
            long t = Long.MAX_VALUE - Bytes.toLong(r.getRow(), r.getRow().length - 8);
            if (t >= from && t < to) {
              String name = new String(r.getRow(), host.getBytes(StandardCharsets.UTF_8).length + 1,
                  r.getRow().length - host.getBytes(StandardCharsets.UTF_8).length - 10, StandardCharsets.UTF_8);
              out.add(new Found(t, host, name, value(r, "v")));
            }
          }
        } else {
          byte[] prefix = key.clear().utf8(host).separator().utf8(event).separator().build();
          byte[] start = Bytes.add(prefix, Bytes.toBytes(Long.MAX_VALUE - (to - 1)));
          byte[] stop = Bytes.add(prefix, Bytes.toBytes(Long.MAX_VALUE - from), new byte[] {0});
          for (Result r : scan(logData, start, stop)) {
            out.add(new Found(Long.MAX_VALUE - Bytes.toLong(r.getRow(), prefix.length), host, event, value(r, "v")));
          }
        }
      }
      case "hashed", "numeric" -> {
        if (event == null) {
          throw new IllegalArgumentException("the " + layout + " layout needs the event type: its keys hold only hashes or ids");
        }
        byte[] prefix;
        if (layout.equals("hashed")) {
          prefix = key.clear().md5(host).md5(event).build();
        } else {
          Optional<Long> hostId = id(logTypes, "h" + host);
          Optional<Long> eventId = id(logTypes, "e" + event);
          if (hostId.isEmpty() || eventId.isEmpty()) {
            return new Answer(List.of(), 0);
          }
          prefix = key.clear().longBE(hostId.get()).longBE(eventId.get()).build();
        }
        scans++;
        for (Result r : scan(logData, Bytes.add(prefix, Bytes.toBytes(from)), Bytes.add(prefix, Bytes.toBytes(to)))) {
          out.add(new Found(Bytes.toLong(r.getRow(), prefix.length), value(r, "h"), value(r, "e"), value(r, "v")));
        }
      }
      default -> throw new IllegalArgumentException("unknown layout " + layout);
    }
    out.sort(Comparator.comparingLong(Found::time));
    return new Answer(out, scans);
  }

  /**
   * The layout a {@code log_data} directory was loaded with, from its table spec: salted regions are
   * the bucketed layout (one region per bucket), uniform ones the hashed layout, a {@code log_types}
   * table beside it the numeric one, anything else host-first.
   */
  public static String layoutOf(io.dumptruck.formats.spec.TableSpec logData, boolean hasLogTypes) {
    if (hasLogTypes) {
      return "numeric";
    }
    return switch (logData.regions().kind()) {
      case EXPLICIT -> isSalt(logData.regions().points()) ? "bucketed" : "host-first";
      case SALTED -> "bucketed";
      case UNIFORM -> "hashed";
      default -> "host-first";
    };
  }

  /** Split points {@code \x01 … \x(n-1)}: the bucket bytes of the bucketed layout. */
  private static boolean isSalt(List<byte[]> points) {
    for (int i = 0; i < points.size(); i++) {
      if (points.get(i).length != 1 || points.get(i)[0] != i + 1) {
        return false;
      }
    }
    return true;
  }

  private static Optional<Long> id(TableReader logTypes, String row) throws IOException {
    return logTypes.get(Bytes.toBytes(row), ScanSpec.all()).map(r -> Bytes.toLong(r.value()));
  }

  private static List<Result> scan(TableReader table, byte[] start, byte[] stop) throws IOException {
    List<Result> out = new ArrayList<>();
    ScanSpec spec = stop == null ? ScanSpec.all().withPrefix(start) : ScanSpec.all().withRange(start, stop);
    try (RowScanner rows = table.scan(spec)) {
      for (Result r = rows.next(); r != null; r = rows.next()) {
        out.add(r);
      }
    }
    return out;
  }

  private static String value(Result r, String qualifier) {
    byte[] v = r.getValue(Bytes.toBytes("d"), Bytes.toBytes(qualifier));
    return v == null ? null : new String(v, StandardCharsets.UTF_8);
  }
}
