package io.dumptruck.cli;

import io.dumptruck.formats.read.NotATableException;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.table.TableSpec;
import io.dumptruck.loaders.events.EventQueries;
import io.dumptruck.loaders.events.EventSchema;
import io.dumptruck.loaders.geo.GeoQueries;
import io.dumptruck.loaders.geo.GeoSchema;
import io.dumptruck.loaders.graph.GraphQueries;
import io.dumptruck.loaders.graph.GraphSchema;
import io.dumptruck.loaders.ipblocks.IpGeoSchema;
import io.dumptruck.loaders.ipblocks.IpQueries;
import io.dumptruck.loaders.titles.TitlePrefixes;
import io.dumptruck.loaders.titles.TitleQueries;
import io.dumptruck.loaders.titles.TitleSchema;
import io.dumptruck.loaders.weblogs.WebLogQueries;
import io.dumptruck.loaders.weblogs.WebLogSchema;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * {@code dumptruck query <question> <load-output> …}: the questions each table was designed for, asked in natural terms
 * (user ids, a prefix, lat/lon, an address); the keys are computed here.
 */
final class QueryCommand extends Command {
    @Override
    public String summary() {
        return "answer a table's access pattern: follows, followers, autocomplete, places, visits, daily, ip, events";
    }

    @Override
    public String usage() {
        return String.join(
                "\n",
                "dumptruck query <question> <tables> ARGS [options]",
                "  <tables>     the output directory of a load, or the one table the question reads: an HBase snapshot",
                "               (snapshot:NAME with hbase.rootdir set, or <root>/.hbase-snapshot/NAME), an HBase table directory",
                "               <root>/data/<ns>/<table>, or a load's <output>/<table>",
                "  follows      DIR USER [OTHER]      whom USER follows; with OTHER: does USER follow OTHER (graph load)",
                "  followers    DIR USER               who follows USER (graph load)",
                "  autocomplete DIR PREFIX             top titles for a typed prefix (titles load)",
                "  places       DIR LAT LON            places in the tile around the point [--zoom Z (default 10)] [--neighbours] (geo load)",
                "  visits       DIR VISITOR            page views newest first and the most requested page (weblogs load)",
                "  daily        DIR VISITOR            page views per day, the 7 days to the newest one [--days N] [--to yyyyMMdd] (weblogs load)",
                "  ip           DIR ADDRESS            the country of an IPv4 or IPv6 address (ipblocks load)",
                "  events       DIR HOST --from T --to T [--event E] [--layout L]   a host's events in [T1, T2) (events load)",
                "  --limit N    at most N answers listed (default 20)",
                "  --table T=LOCATION  read table T from LOCATION (snapshot:NAME or a directory), e.g. visits' cookie_stats (repeat)");
    }

    @Override
    public int run(String[] argv) throws Exception {
        Args args = new Args(
                argv, Set.of("limit", "zoom", "from", "to", "event", "layout", "table", "days"), Set.of("neighbours"));
        String question = args.positional(0, "<question>");
        Configuration conf = getConf();
        Tables tables = new Tables(
                conf,
                TableLocation.of(conf, args.positional(1, "<tables>")),
                TableLocation.located(conf, args.getAll("table")),
                err);
        long limit = args.getLong("limit", 20, 1);
        switch (question) {
            case "follows" -> {
                args.expectPositionals(4);
                String user = args.positional(2, "USER");
                try (TableReader follows = tables.open(GraphSchema.FOLLOWS)) {
                    if (args.positional().size() == 4) {
                        String other = args.positional(3, "OTHER");
                        out.println(user
                                + (GraphQueries.follows(follows, user, other) ? " follows " : " does not follow ")
                                + other);
                    } else {
                        print(out, user + " follows", GraphQueries.neighbours(follows, user, limit));
                    }
                }
            }
            case "followers" -> {
                args.expectPositionals(3);
                String user = args.positional(2, "USER");
                try (TableReader followedBy = tables.open(GraphSchema.FOLLOWED_BY)) {
                    print(out, "followers of " + user, GraphQueries.neighbours(followedBy, user, limit));
                }
            }
            case "autocomplete" -> {
                args.expectPositionals(3);
                String prefix = args.positional(2, "PREFIX");
                try (TableReader titles = tables.open(TitleSchema.TITLE_AUTOCOMP)) {
                    print(out, "'" + prefix + "' →", TitleQueries.complete(titles, prefix, TitlePrefixes.DEFAULT_MAX));
                }
            }
            case "places" -> {
                args.expectPositionals(4);
                double lat = number(args.positional(2, "LAT"), "LAT", 90);
                double lon = number(args.positional(3, "LON"), "LON", 180);
                int zoom = args.getInt("zoom", 10, 1, 16); // tile_places is keyed at level 16
                try (TableReader places = tables.open(GeoSchema.TILE_PLACES)) {
                    List<GeoQueries.Place> found = GeoQueries.around(places, lat, lon, zoom, args.flag("neighbours"));
                    out.println(found.size() + " place(s) around " + lat + "," + lon + " at zoom " + zoom
                            + (args.flag("neighbours") ? " (the tile and its neighbours)" : ""));
                    found.stream()
                            .limit(limit)
                            .forEach(p -> out.println("  tile " + p.tile() + "  [" + p.prominence() + "] " + p.name()
                                    + "  " + p.kind() + (p.country() == null ? "" : "  " + p.country())));
                }
            }
            case "visits" -> {
                args.expectPositionals(3);
                String visitor = args.positional(2, "VISITOR");
                try (TableReader visits = tables.open(WebLogSchema.VISITS);
                        TableReader stats = tables.open(WebLogSchema.COOKIE_STATS)) {
                    List<WebLogQueries.View> views = WebLogQueries.views(visits, visitor, limit);
                    out.println(views.size() + " page view(s) of " + visitor + ", newest first:");
                    views.forEach(v -> out.println("  " + Instant.ofEpochMilli(v.time()) + "  " + v.method() + " "
                            + v.path() + "  " + v.status()));
                    WebLogQueries.mostFrequent(stats, visitor)
                            .ifPresent(top ->
                                    out.println("most requested page: " + top[0] + " (" + top[1] + " requests)"));
                }
            }
            case "daily" -> {
                args.expectPositionals(3);
                String visitor = args.positional(2, "VISITOR");
                int days = args.getInt("days", 7, 1, 3660);
                try (TableReader counts = tables.open(WebLogSchema.COOKIE_URL_COUNT)) {
                    if (counts.table().spec().familyIndex(WebLogSchema.DAILY_COUNT) < 0) {
                        throw new UsageException(WebLogSchema.COOKIE_URL_COUNT + " has no daily family '"
                                + WebLogSchema.DAILY_COUNT + "': it was loaded with --daily off");
                    }
                    List<WebLogQueries.DayCount> perDay;
                    try {
                        perDay = WebLogQueries.daily(counts, visitor, days, args.has("to") ? args.get("to") : null);
                    } catch (IllegalArgumentException e) {
                        throw new UsageException("--to: " + e.getMessage(), e);
                    }
                    if (perDay.isEmpty()) {
                        out.println("no daily counts for " + visitor);
                    } else {
                        out.println("page views of " + visitor + " per day, " + perDay.size() + " day(s) to "
                                + perDay.get(perDay.size() - 1).day() + ": "
                                + perDay.stream()
                                        .mapToLong(WebLogQueries.DayCount::views)
                                        .sum() + " in all");
                        perDay.forEach(d -> out.println("  " + d.day() + "  " + d.views()));
                    }
                }
            }
            case "ip" -> {
                args.expectPositionals(3);
                String address = args.positional(2, "ADDRESS");
                try (TableReader ipGeo = tables.open(IpGeoSchema.IP_GEO)) {
                    out.println(
                            address + " → " + IpQueries.country(ipGeo, address).orElse("no block holds this address"));
                } catch (IllegalArgumentException e) {
                    throw new UsageException(e.getMessage(), e);
                }
            }
            case "events" -> {
                args.expectPositionals(3);
                String host = args.positional(2, "HOST");
                if (!args.has("from") || !args.has("to")) {
                    throw new UsageException("events needs --from T and --to T (epoch ms, to exclusive)");
                }
                long from = args.getLong("from", 0, 0);
                long to = args.getLong("to", 0, 0);
                if (to <= from) {
                    throw new UsageException(
                            "--to " + to + " must be after --from " + from + " (epoch ms, to exclusive)");
                }
                try (TableReader data = tables.open(EventSchema.LOG_DATA)) {
                    String layout;
                    try {
                        layout = args.has("layout")
                                ? args.get("layout")
                                : layoutOf(data.table().spec());
                    } catch (IllegalArgumentException e) {
                        throw new UsageException(e.getMessage(), e);
                    }
                    EventQueries.Answer a;
                    try (TableReader types =
                            layout.equals(EventSchema.NUMERIC) ? tables.open(EventSchema.LOG_TYPES) : null) {
                        a = EventQueries.events(
                                data, types, layout, buckets(data.table().spec()), host, args.get("event"), from, to);
                    } catch (IllegalArgumentException e) {
                        throw new UsageException(e.getMessage(), e);
                    }
                    out.println(a.events().size() + " event(s) of " + host
                            + (args.has("event") ? " " + args.get("event") : "") + " in [" + from + ", " + to
                            + ") from the " + layout + " layout, in " + a.scans() + " scan(s)");
                    a.events().stream()
                            .limit(limit)
                            .forEach(e -> out.println("  " + Instant.ofEpochMilli(e.time()) + "  " + e.host() + "  "
                                    + e.event() + " = " + e.value()));
                }
            }
            default ->
                throw new UsageException("unknown question '" + question
                        + "'; questions: follows, followers, autocomplete, " + "places, visits, daily, ip, events");
        }
        return 0;
    }

    /**
     * Where a question's tables are: {@code --table} locations first, then the {@code <tables>} argument — a load's
     * output directory holding the table by name, or one table, which must be the one asked for (its name without the
     * namespace).
     */
    record Tables(Configuration conf, Path given, Map<String, Path> located, PrintStream err) {
        TableReader open(String table) throws IOException {
            if (located.containsKey(table)) {
                return TableLocation.open(conf, located.get(table), err);
            }
            Path inOutput = new Path(given, table);
            if (given.getFileSystem(conf).exists(inOutput)) {
                return TableLocation.open(conf, inOutput, err);
            }
            TableReader reader;
            try {
                reader = TableLocation.open(conf, given, err);
            } catch (NotATableException e) {
                throw new UsageException(
                        given + " has no table " + table + "; give the output directory of the load that writes it, "
                                + "or --table " + table + "=LOCATION (snapshot:NAME or a table directory)",
                        e);
            }
            String name = reader.table().spec().name();
            if (!name.substring(name.indexOf(':') + 1).equals(table)) {
                reader.close();
                throw new UsageException(given + " is table " + name + ", not " + table + ": give --table " + table
                        + "=LOCATION (snapshot:NAME or a table directory)");
            }
            return reader;
        }
    }

    /** Degrees from -{@code limit} to {@code limit}, or a UsageException naming {@code what}. */
    private static double number(String text, String what, double limit) {
        double v;
        try {
            v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (!(v >= -limit && v <= limit)) { // NaN too
            throw new UsageException(what + " must be a number of degrees from -" + (int) limit + " to " + (int) limit
                    + ", got '" + text + "'");
        }
        return v;
    }

    private static void print(PrintStream out, String title, List<String> items) {
        out.println(title + " (" + items.size() + "): " + String.join(", ", items));
    }

    /**
     * The bucketed layout's salt buckets: a load's table has one region per bucket; a table HBase holds (no writtenBy)
     * may have split or merged since, so every bucket a key byte can name is asked (an empty bucket costs one seek).
     */
    private static int buckets(TableSpec logData) {
        return logData.writtenBy() != null ? logData.regions().count() : 256;
    }

    /** The layout the table's spec records; without one, the error also names {@code --layout}. */
    private static String layoutOf(TableSpec logData) {
        try {
            return EventQueries.layoutOf(logData);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + ", or give --layout", e);
        }
    }
}
