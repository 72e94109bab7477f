package io.dumptruck.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.dumptruck.formats.rowkey.QuadKey;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * For each table of docs/tables.md, the same data in a naive design, and the two decoders that prove it is the same
 * data: {@link Table#decodeDesign} reads a design cell's bytes as docs/tables.md defines them,
 * {@link Table#decodeNaive} reads a naive cell's text; both give the cell's logical record (a list of strings), and
 * {@link Table#encodeNaive} writes a logical record as its naive cell.
 *
 * <p>The naive design follows the same rules for every table:
 *
 * <ul>
 *   <li>long descriptive family and qualifier names ({@code page_view_details:url_path} for {@code p:u}); where the
 *       design puts data in the qualifier, the naive one prefixes it with a descriptive name ({@code followed_user_id:}
 *       + id);
 *   <li>readable row keys, their parts joined with {@code '|'}; numbers, times and ids as decimal strings (fixed-width
 *       where the design relies on their order: a reverse timestamp is {@code Long.MAX_VALUE - t}, always 19 digits; an
 *       IP address is zero-padded);
 *   <li>md5 digests as lower-case hex: where the design hashes a name, it does so to spread keys over regions and the
 *       name itself is not stored (follows holds md5(follower), not the follower), so the naive design keeps the hash,
 *       readable;
 *   <li>counters and binary numbers in values as decimal strings; text values, JSON and cell timestamps unchanged; one
 *       naive cell per design cell.
 * </ul>
 */
final class NaiveDesigns {
    private NaiveDesigns() {}

    /** One table: its naive families, and the decoders and encoder of its cells. */
    interface Table {
        /** What the naive design changes, one line for the report. */
        String naive();

        /** The naive family that replaces a design family (same settings). */
        String family(String designFamily);

        List<String> decodeDesign(Cell c);

        KeyValue encodeNaive(List<String> record, long ts);

        List<String> decodeNaive(Cell c);
    }

    /** The naive form of table {@code table} written by load {@code load} (events: {@code events-<layout>}). */
    static Table of(String load, String table) {
        return switch (table) {
            case "follows" -> new Edges("followed_users", "followed_user_id:");
            case "followed_by" -> new Edges("follower_users", "follower_user_id:");
            case "adjacency" -> new Adjacency();
            case "adjacency_ro" -> new AdjacencyList();
            case "visits" -> new Visits();
            case "cookie_url_count" -> new UrlCounts();
            case "cookie_stats" -> new CookieStats();
            case "log_data" -> new LogData(load.substring(load.indexOf('-') + 1), 16);
            case "log_types" -> new LogTypes();
            case "geonames_info" -> new GeoNamesInfo();
            case "tile_places" -> new TilePlaces();
            case "region_info" -> new RegionInfo();
            case "tile_bounds" -> new TileBounds();
            case "title_autocomp" -> new TitleAutocomp();
            case "ip_geo" -> new IpGeo();
            default -> throw new IllegalArgumentException("no naive design for table " + table);
        };
    }

    // ---- helpers

    static String text(byte[] b) {
        return new String(b, UTF_8);
    }

    static String hex(byte[] b, int from, int to) {
        StringBuilder s = new StringBuilder();
        for (int i = from; i < to; i++) {
            s.append(Character.forDigit((b[i] >> 4) & 15, 16)).append(Character.forDigit(b[i] & 15, 16));
        }
        return s.toString();
    }

    static KeyValue kv(String row, String family, String qualifier, long ts, String value) {
        return new KeyValue(
                row.getBytes(UTF_8),
                family.getBytes(UTF_8),
                qualifier.getBytes(UTF_8),
                ts,
                KeyValue.Type.Put,
                value.getBytes(UTF_8));
    }

    static String row(Cell c) {
        return text(CellUtil.cloneRow(c));
    }

    static String familyOf(Cell c) {
        return text(CellUtil.cloneFamily(c));
    }

    static String qualifier(Cell c) {
        return text(CellUtil.cloneQualifier(c));
    }

    static String value(Cell c) {
        return text(CellUtil.cloneValue(c));
    }

    /** The qualifier after {@code prefix}; fails if it does not start with it. */
    static String after(String prefix, String s) {
        check(s.startsWith(prefix), "expected '" + prefix + "' at the start of '" + s + "'");
        return s.substring(prefix.length());
    }

    /** {@code s} split at its first {@code n - 1} '|'. */
    static String[] parts(String s, int n) {
        String[] p = s.split("\\|", n);
        check(p.length == n, "expected " + n + " '|'-separated parts in '" + s + "'");
        return p;
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }

    /** Which way a short design name maps to a long naive one, both ways. */
    static String lookup(Map<String, String> map, String key) {
        String v = map.get(key);
        check(v != null, "unexpected name '" + key + "' (known: " + map.keySet() + ")");
        return v;
    }

    static Map<String, String> inverse(Map<String, String> map) {
        Map<String, String> out = new HashMap<>();
        map.forEach((k, v) -> out.put(v, k));
        return out;
    }

    // ---- graph

    /**
     * follows / followed_by: row md5(a) ‖ md5(b), f:UTF-8(b) → empty. Naive: hex(md5 a)|hex(md5 b), {family}:{prefix}b.
     */
    record Edges(String naiveFamily, String prefix) implements Table {
        public String naive() {
            return "row hex(md5)|hex(md5) (64+1 chars, not 32 bytes); " + naiveFamily + ":" + prefix
                    + "<id> for f:<id>";
        }

        public String family(String f) {
            return naiveFamily;
        }

        public List<String> decodeDesign(Cell c) {
            byte[] row = CellUtil.cloneRow(c);
            check(row.length == 32, "edge row of " + row.length + " bytes");
            return List.of(hex(row, 0, 16), hex(row, 16, 32), qualifier(c), value(c));
        }

        public KeyValue encodeNaive(List<String> r, long ts) {
            return kv(r.get(0) + "|" + r.get(1), naiveFamily, prefix + r.get(2), ts, r.get(3));
        }

        public List<String> decodeNaive(Cell c) {
            String[] p = parts(row(c), 2);
            return List.of(p[0], p[1], after(prefix, qualifier(c)), value(c));
        }
    }

    /** adjacency: row from, l:into → empty. Naive: followed_users:followed_user_id:into. */
    record Adjacency() implements Table {
        public String naive() {
            return "row unchanged (already the user id); followed_users:followed_user_id:<id> for l:<id>";
        }

        public String family(String f) {
            return "followed_users";
        }

        public List<String> decodeDesign(Cell c) {
            return List.of(row(c), qualifier(c), value(c));
        }

        public KeyValue encodeNaive(List<String> r, long ts) {
            return kv(r.get(0), "followed_users", "followed_user_id:" + r.get(1), ts, r.get(2));
        }

        public List<String> decodeNaive(Cell c) {
            return List.of(row(c), after("followed_user_id:", qualifier(c)), value(c));
        }
    }

    /** adjacency_ro: row from, l: → JSON array. Naive: followed_users:followed_user_ids_json. */
    record AdjacencyList() implements Table {
        public String naive() {
            return "row and JSON unchanged; followed_users:followed_user_ids_json for l:";
        }

        public String family(String f) {
            return "followed_users";
        }

        public List<String> decodeDesign(Cell c) {
            check(c.getQualifierLength() == 0, "adjacency_ro qualifier not empty");
            return List.of(row(c), value(c));
        }

        public KeyValue encodeNaive(List<String> r, long ts) {
            return kv(r.get(0), "followed_users", "followed_user_ids_json", ts, r.get(1));
        }

        public List<String> decodeNaive(Cell c) {
            check(qualifier(c).equals("followed_user_ids_json"), "qualifier " + qualifier(c));
            return List.of(row(c), value(c));
        }
    }

    // ---- web logs

    /**
     * visits: row UTF-8(visitor) ‖ 0x00 ‖ revts(t) ‖ md5(line)[0..4), p:u q r s d i m (d an 8-byte long). Naive:
     * visitor|revts as 19 decimal digits|the 4 md5 bytes as 8 hex, page_view_details: url_path… , the duration as
     * decimal.
     */
    record Visits() implements Table {
        static final Map<String, String> NAMES = Map.of(
                "u",
                "url_path",
                "q",
                "query_string",
                "r",
                "referer_reversed_domain",
                "s",
                "http_status_code",
                "d",
                "duration_microseconds",
                "i",
                "client_ip_address",
                "m",
                "http_method");
        static final Map<String, String> SHORT = inverse(NAMES);

        public String naive() {
            return "row visitor|revts as 19 digits|8 hex (not 0x00, 8-byte revts, 4 bytes); page_view_details:url_path… for p:u…; "
                    + "duration as decimal";
        }

        public String family(String f) {
            return "page_view_details";
        }

        public List<String> decodeDesign(Cell c) {
            byte[] row = CellUtil.cloneRow(c);
            int n = row.length;
            check(n >= 13 && row[n - 13] == 0, "visits row without its 0x00 separator");
            long t = Long.MAX_VALUE - Bytes.toLong(row, n - 12);
            String q = lookup(NAMES, qualifier(c));
            byte[] v = CellUtil.cloneValue(c);
            String value = q.equals("duration_microseconds") ? Long.toString(Bytes.toLong(v)) : text(v);
            return List.of(new String(row, 0, n - 13, UTF_8), Long.toString(t), hex(row, n - 4, n), q, value);
        }

        public KeyValue encodeNaive(List<String> r, long ts) {
            String revts = Long.toString(Long.MAX_VALUE - Long.parseLong(r.get(1)));
            check(revts.length() == 19, "reverse timestamp of " + revts.length() + " digits");
            return kv(r.get(0) + "|" + revts + "|" + r.get(2), "page_view_details", r.get(3), ts, r.get(4));
        }

        public List<String> decodeNaive(Cell c) {
            String row = row(c);
            int n = row.length();
            check(n >= 29 && row.charAt(n - 9) == '|' && row.charAt(n - 29) == '|', "naive visits row " + row);
            long t = Long.MAX_VALUE - Long.parseLong(row.substring(n - 28, n - 9));
            String q = qualifier(c);
            lookup(SHORT, q);
            return List.of(row.substring(0, n - 29), Long.toString(t), row.substring(n - 8), q, value(c));
        }
    }

    /** cookie_url_count: row visitor, u:path → 8-byte count. Naive: url_request_counts:url_path:path → decimal. */
    record UrlCounts() implements Table {
        public String naive() {
            return "url_request_counts:url_path:<path> for u:<path>; count as decimal, not an 8-byte long";
        }

        public String family(String f) {
            return "url_request_counts";
        }

        public List<String> decodeDesign(Cell c) {
            check(c.getValueLength() == 8, "count of " + c.getValueLength() + " bytes");
            return List.of(row(c), qualifier(c), Long.toString(Bytes.toLong(CellUtil.cloneValue(c))));
        }

        public KeyValue encodeNaive(List<String> r, long ts) {
            return kv(r.get(0), "url_request_counts", "url_path:" + r.get(1), ts, r.get(2));
        }

        public List<String> decodeNaive(Cell c) {
            return List.of(row(c), after("url_path:", qualifier(c)), Long.toString(Long.parseLong(value(c))));
        }
    }

    /**
     * cookie_stats: row visitor, c: → path (ts = count), r: → path (versions). Naive: most_requested_url:url_path,
     * recent_requested_urls:url_path.
     */
    record CookieStats() implements Table {
        static final Map<String, String> FAMILIES = Map.of("c", "most_requested_url", "r", "recent_requested_urls");

        public String naive() {
            return "most_requested_url:url_path for c:, recent_requested_urls:url_path for r:";
        }

        public String family(String f) {
            return lookup(FAMILIES, f);
        }

        public List<String> decodeDesign(Cell c) {
            check(c.getQualifierLength() == 0, "cookie_stats qualifier not empty");
            return List.of(row(c), family(familyOf(c)), value(c));
        }

        public KeyValue encodeNaive(List<String> r, long ts) {
            return kv(r.get(0), r.get(1), "url_path", ts, r.get(2));
        }

        public List<String> decodeNaive(Cell c) {
            check(qualifier(c).equals("url_path"), "qualifier " + qualifier(c));
            String f = familyOf(c);
            lookup(inverse(FAMILIES), f);
            return List.of(row(c), f, value(c));
        }
    }

    // ---- events

    /**
     * log_data in each layout; qualifiers d:v, d:h, d:e. Naive rows: bucketed {@code bucket as 2 digits|t|host|event},
     * host-first {@code host|event|revts as 19 digits}, hashed {@code hex(md5 host)|hex(md5 event)|t}, numeric
     * {@code hostId|eventId|t}, all decimal; family event_details, qualifiers event_value, host_name, event_type.
     */
    record LogData(String layout, int buckets) implements Table {
        static final Map<String, String> NAMES = Map.of("v", "event_value", "h", "host_name", "e", "event_type");

        public String naive() {
            return switch (layout) {
                        case "bucketed" ->
                            "row bucket as 2 digits|t as decimal|host|event (not byte ‖ 8-byte t ‖ host 0x00 event)";
                        case "host-first" -> "row host|event|revts as 19 digits (not 0x00 separators, 8-byte revts)";
                        case "hashed" -> "row hex(md5 host)|hex(md5 event)|t as decimal (65+13 chars, not 40 bytes)";
                        default -> "row hostId|eventId|t as decimal (not three 8-byte longs)";
                    }
                    + "; event_details:event_value/host_name/event_type for d:v/h/e";
        }

        public String family(String f) {
            return "event_details";
        }

        public List<String> decodeDesign(Cell c) {
            byte[] row = CellUtil.cloneRow(c);
            int n = row.length;
            List<String> key = switch (layout) {
                case "bucketed" -> {
                    long t = Bytes.toLong(row, 1);
                    int zero = indexOf(row, 9, (byte) 0);
                    yield List.of(
                            Integer.toString(row[0] & 0xff),
                            Long.toString(t),
                            new String(row, 9, zero - 9, UTF_8),
                            new String(row, zero + 1, n - zero - 1, UTF_8));
                }
                case "host-first" -> {
                    check(row[n - 9] == 0, "host-first row without 0x00 before revts");
                    int zero = indexOf(row, 0, (byte) 0);
                    yield List.of(
                            new String(row, 0, zero, UTF_8),
                            new String(row, zero + 1, n - 9 - zero - 1, UTF_8),
                            Long.toString(Long.MAX_VALUE - Bytes.toLong(row, n - 8)));
                }
                case "hashed" -> {
                    check(n == 40, "hashed row of " + n + " bytes");
                    yield List.of(hex(row, 0, 16), hex(row, 16, 32), Long.toString(Bytes.toLong(row, 32)));
                }
                default -> {
                    check(n == 24, "numeric row of " + n + " bytes");
                    yield List.of(
                            Long.toString(Bytes.toLong(row, 0)),
                            Long.toString(Bytes.toLong(row, 8)),
                            Long.toString(Bytes.toLong(row, 16)));
                }
            };
            List<String> out = new ArrayList<>(key);
            out.add(lookup(NAMES, qualifier(c)));
            out.add(value(c));
            return out;
        }

        public KeyValue encodeNaive(List<String> r, long ts) {
            String row = switch (layout) {
                case "bucketed" ->
                    String.format("%02d|%s|%s|%s", Integer.parseInt(r.get(0)), r.get(1), r.get(2), r.get(3));
                case "host-first" -> r.get(0) + "|" + r.get(1) + "|" + (Long.MAX_VALUE - Long.parseLong(r.get(2)));
                default -> r.get(0) + "|" + r.get(1) + "|" + r.get(2);
            };
            int k = r.size() - 2;
            return kv(row, "event_details", r.get(k), ts, r.get(k + 1));
        }

        public List<String> decodeNaive(Cell c) {
            String row = row(c);
            List<String> out = new ArrayList<>();
            switch (layout) {
                case "bucketed" -> {
                    String[] p = parts(row, 4);
                    check(Integer.parseInt(p[0]) == Math.floorMod(Long.parseLong(p[1]), buckets), "bucket of " + row);
                    out.addAll(List.of(Integer.toString(Integer.parseInt(p[0])), p[1], p[2], p[3]));
                }
                case "host-first" -> {
                    int last = row.lastIndexOf('|');
                    String[] p = parts(row.substring(0, last), 2);
                    out.addAll(List.of(
                            p[0], p[1], Long.toString(Long.MAX_VALUE - Long.parseLong(row.substring(last + 1)))));
                }
                default -> out.addAll(Arrays.asList(parts(row, 3)));
            }
            String q = qualifier(c);
            lookup(inverse(NAMES), q);
            out.add(q);
            out.add(value(c));
            return out;
        }

        private static int indexOf(byte[] b, int from, byte v) {
            for (int i = from; i < b.length; i++) {
                if (b[i] == v) {
                    return i;
                }
            }
            throw new IllegalStateException("no separator in the row");
        }
    }

    /**
     * log_types: row 'h' ‖ host / 'e' ‖ event → i:id (long); 0x00 ‖ 'h' / 0x00 ‖ 'e' → i:max (long). Naive:
     * host_name|host / event_type|event → id_dictionary:numeric_id, max_id|host_name → id_dictionary:max_numeric_id,
     * ids as decimal (which an HBase Increment could no longer add to).
     */
    record LogTypes() implements Table {
        public String naive() {
            return "row host_name|<host> / max_id|host_name (not 'h' ‖ host / 0x00 'h'); id_dictionary:numeric_id, "
                    + "id_dictionary:max_numeric_id; ids as decimal";
        }

        public String family(String f) {
            return "id_dictionary";
        }

        public List<String> decodeDesign(Cell c) {
            byte[] row = CellUtil.cloneRow(c);
            long id = Bytes.toLong(CellUtil.cloneValue(c));
            if (row[0] == 0) {
                check(row.length == 2 && qualifier(c).equals("max"), "log_types max row");
                return List.of(row[1] == 'h' ? "host" : "event", "", "max", Long.toString(id));
            }
            check(qualifier(c).equals("id") && (row[0] == 'h' || row[0] == 'e'), "log_types id row");
            return List.of(
                    row[0] == 'h' ? "host" : "event",
                    new String(row, 1, row.length - 1, UTF_8),
                    "id",
                    Long.toString(id));
        }

        public KeyValue encodeNaive(List<String> r, long ts) {
            String kind = r.get(0).equals("host") ? "host_name" : "event_type";
            boolean max = r.get(2).equals("max");
            return kv(
                    max ? "max_id|" + kind : kind + "|" + r.get(1),
                    "id_dictionary",
                    max ? "max_numeric_id" : "numeric_id",
                    ts,
                    r.get(3));
        }

        public List<String> decodeNaive(Cell c) {
            String[] p = parts(row(c), 2);
            boolean max = p[0].equals("max_id");
            String kind = max ? p[1] : p[0];
            check(kind.equals("host_name") || kind.equals("event_type"), "kind " + kind);
            check(qualifier(c).equals(max ? "max_numeric_id" : "numeric_id"), "qualifier " + qualifier(c));
            return List.of(
                    kind.equals("host_name") ? "host" : "event",
                    max ? "" : p[1],
                    max ? "max" : "id",
                    Long.toString(Long.parseLong(value(c))));
        }
    }

    // ---- geo

    /** geonames_info: row class ‖ int(id), i: → JSON. Naive: class|id as decimal, geoname_records:geoname_json. */
    record GeoNamesInfo() implements Table {
        public String naive() {
            return "row class|geonameid as decimal (not 1 + 4 bytes); geoname_records:geoname_json for i:";
        }

        public String family(String f) {
            return "geoname_records";
        }

        public List<String> decodeDesign(Cell c) {
            byte[] row = CellUtil.cloneRow(c);
            check(row.length == 5 && c.getQualifierLength() == 0, "geonames_info cell");
            return List.of(String.valueOf((char) row[0]), Integer.toUnsignedString(Bytes.toInt(row, 1)), value(c));
        }

        public KeyValue encodeNaive(List<String> r, long ts) {
            return kv(r.get(0) + "|" + r.get(1), "geoname_records", "geoname_json", ts, r.get(2));
        }

        public List<String> decodeNaive(Cell c) {
            String[] p = parts(row(c), 2);
            check(qualifier(c).equals("geoname_json"), "qualifier");
            return List.of(p[0], Long.toString(Long.parseLong(p[1])), value(c));
        }
    }

    /**
     * tile_places: row int(qk16) ‖ int(id), families h/m/l, n/k/c. Naive: the 16-digit quadkey as text|id as decimal (a
     * tile is still one key range: its quadkey is a prefix),
     * high/medium/low_population_places:place_name/feature_class_code/country_code.
     */
    record TilePlaces() implements Table {
        static final Map<String, String> FAMILIES =
                Map.of("h", "high_population_places", "m", "medium_population_places", "l", "low_population_places");
        static final Map<String, String> NAMES =
                Map.of("n", "place_name", "k", "feature_class_code", "c", "country_code");

        public String naive() {
            return "row quadkey as 16 digits|geonameid as decimal (not two 4-byte ints); "
                    + "high_population_places:place_name… for h:n…";
        }

        public String family(String f) {
            return lookup(FAMILIES, f);
        }

        public List<String> decodeDesign(Cell c) {
            byte[] row = CellUtil.cloneRow(c);
            check(row.length == 8, "tile_places row of " + row.length + " bytes");
            return List.of(
                    Integer.toUnsignedString(Bytes.toInt(row, 0)),
                    Integer.toUnsignedString(Bytes.toInt(row, 4)),
                    family(familyOf(c)),
                    lookup(NAMES, qualifier(c)),
                    value(c));
        }

        public KeyValue encodeNaive(List<String> r, long ts) {
            String quadKey = QuadKey.toQuadKey(Integer.parseUnsignedInt(r.get(0)), 16);
            return kv(quadKey + "|" + r.get(1), r.get(2), r.get(3), ts, r.get(4));
        }

        public List<String> decodeNaive(Cell c) {
            String[] p = parts(row(c), 2);
            check(p[0].length() == 16, "quadkey " + p[0]);
            String f = familyOf(c);
            lookup(inverse(FAMILIES), f);
            String q = qualifier(c);
            lookup(inverse(NAMES), q);
            return List.of(
                    Integer.toUnsignedString(QuadKey.fromQuadKey(p[0])),
                    Long.toString(Long.parseLong(p[1])),
                    f,
                    q,
                    value(c));
        }
    }

    static final Map<String, String> REGION_TYPES =
            Map.of("a", "country", "b", "admin1", "c", "admin2", "d", "admin3", "e", "admin4");

    /** region_info: row type ‖ id, r: → JSON. Naive: type name|id, region_properties:properties_json. */
    record RegionInfo() implements Table {
        public String naive() {
            return "row country|<id> (type name, not its letter); region_properties:properties_json for r:";
        }

        public String family(String f) {
            return "region_properties";
        }

        public List<String> decodeDesign(Cell c) {
            String row = row(c);
            check(c.getQualifierLength() == 0, "region_info qualifier");
            return List.of(row.substring(0, 1), row.substring(1), value(c));
        }

        public KeyValue encodeNaive(List<String> r, long ts) {
            return kv(
                    lookup(REGION_TYPES, r.get(0)) + "|" + r.get(1),
                    "region_properties",
                    "properties_json",
                    ts,
                    r.get(2));
        }

        public List<String> decodeNaive(Cell c) {
            String[] p = parts(row(c), 2);
            check(qualifier(c).equals("properties_json"), "qualifier");
            return List.of(lookup(inverse(REGION_TYPES), p[0]), p[1], value(c));
        }
    }

    /**
     * tile_bounds: row byte(zoom) ‖ int(quadkey), family = type letter, qualifier = id. Naive: zoom as 2 digits|the
     * quadkey as text, country_boundaries… :region_id:id.
     */
    record TileBounds() implements Table {
        public String naive() {
            return "row zoom as 2 digits|quadkey as text (not 1 + 4 bytes); country_boundaries:region_id:<id> for a:<id>";
        }

        public String family(String f) {
            return lookup(REGION_TYPES, f) + "_boundaries";
        }

        public List<String> decodeDesign(Cell c) {
            byte[] row = CellUtil.cloneRow(c);
            check(row.length == 5, "tile_bounds row of " + row.length + " bytes");
            return List.of(
                    Integer.toString(row[0]),
                    Integer.toUnsignedString(Bytes.toInt(row, 1)),
                    familyOf(c),
                    qualifier(c),
                    value(c));
        }

        public KeyValue encodeNaive(List<String> r, long ts) {
            int zoom = Integer.parseInt(r.get(0));
            return kv(
                    String.format("%02d|%s", zoom, QuadKey.toQuadKey(Integer.parseUnsignedInt(r.get(1)), zoom)),
                    family(r.get(2)),
                    "region_id:" + r.get(3),
                    ts,
                    r.get(4));
        }

        public List<String> decodeNaive(Cell c) {
            String[] p = parts(row(c), 2);
            int zoom = Integer.parseInt(p[0]);
            check(p[1].length() == zoom, "quadkey " + p[1] + " at zoom " + zoom);
            String f = familyOf(c);
            check(f.endsWith("_boundaries"), "family " + f);
            String type = lookup(inverse(REGION_TYPES), f.substring(0, f.length() - "_boundaries".length()));
            return List.of(
                    Integer.toString(zoom),
                    Integer.toUnsignedString(QuadKey.fromQuadKey(p[1])),
                    type,
                    after("region_id:", qualifier(c)),
                    value(c));
        }
    }

    // ---- titles

    /** title_autocomp: row prefix, j: → JSON. Naive: autocomplete_suggestions:top_titles_json. */
    record TitleAutocomp() implements Table {
        public String naive() {
            return "row and JSON unchanged; autocomplete_suggestions:top_titles_json for j:";
        }

        public String family(String f) {
            return "autocomplete_suggestions";
        }

        public List<String> decodeDesign(Cell c) {
            check(c.getQualifierLength() == 0, "title_autocomp qualifier");
            return List.of(row(c), value(c));
        }

        public KeyValue encodeNaive(List<String> r, long ts) {
            return kv(r.get(0), "autocomplete_suggestions", "top_titles_json", ts, r.get(1));
        }

        public List<String> decodeNaive(Cell c) {
            check(qualifier(c).equals("top_titles_json"), "qualifier");
            return List.of(row(c), value(c));
        }
    }

    // ---- IP blocks

    /**
     * ip_geo: row '4' ‖ hex8(end) / '6' ‖ hex32(end), f:s start hex, f:cc country. Naive: ipv4|end as zero-padded
     * decimal (10 or 39 digits, so the lookup scan still finds the first block ending at or after an address),
     * ip_block_details:start_address (same form), ip_block_details:country_code.
     */
    record IpGeo() implements Table {
        static final Map<String, String> NAMES = Map.of("s", "start_address", "cc", "country_code");

        public String naive() {
            return "row ipv4|end as zero-padded decimal (10 or 39 digits, not 8 or 32 hex); "
                    + "ip_block_details:start_address/country_code for f:s/cc";
        }

        public String family(String f) {
            return "ip_block_details";
        }

        public List<String> decodeDesign(Cell c) {
            String row = row(c);
            String version = row.substring(0, 1);
            check(row.length() == (version.equals("4") ? 9 : 33), "ip_geo row " + row);
            String q = lookup(NAMES, qualifier(c));
            String v = value(c);
            return List.of(
                    version,
                    new BigInteger(row.substring(1), 16).toString(),
                    q,
                    q.equals("start_address") ? new BigInteger(v, 16).toString() : v);
        }

        public KeyValue encodeNaive(List<String> r, long ts) {
            int width = r.get(0).equals("4") ? 10 : 39;
            String v = r.get(2).equals("start_address") ? pad(r.get(3), width) : r.get(3);
            return kv("ipv" + r.get(0) + "|" + pad(r.get(1), width), "ip_block_details", r.get(2), ts, v);
        }

        public List<String> decodeNaive(Cell c) {
            String[] p = parts(row(c), 2);
            String version = after("ipv", p[0]);
            int width = version.equals("4") ? 10 : 39;
            check(p[1].length() == width, "address width in " + row(c));
            String q = qualifier(c);
            lookup(inverse(NAMES), q);
            String v = value(c);
            return List.of(
                    version,
                    new BigInteger(p[1]).toString(),
                    q,
                    q.equals("start_address") ? new BigInteger(v).toString() : v);
        }

        private static String pad(String decimal, int width) {
            return "0".repeat(width - decimal.length()) + decimal;
        }
    }
}
