package io.dumptruck.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.dumptruck.formats.read.Reads;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.formats.rowkey.QuadKey;
import io.dumptruck.loaders.Answer;
import io.dumptruck.loaders.Asked;
import io.dumptruck.loaders.LoaderCatalog;
import io.dumptruck.loaders.Question;
import io.dumptruck.loaders.geo.GeoQueries;
import io.dumptruck.loaders.geo.GeoSchema;
import io.dumptruck.loaders.geo.RegionQueries;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The read-only HTTP server of {@code dumptruck serve}: the slippy-map API over {@code tile_bounds},
 * {@code region_info} and {@code tile_places}, every question of {@link LoaderCatalog#questions} as JSON, and one map
 * page with what it draws ({@link PageFiles}: Leaflet and a base map, bundled in the jar). Requests are answered one at
 * a time by the readers the command line uses, kept open between requests.
 *
 * <pre>
 *   GET /                                  the map page
 *   GET /lib/leaflet.js, /lib/leaflet.css  Leaflet, from the jar
 *   GET /lib/world.json                    the base map: Natural Earth's 1:110m land and land borders, GeoJSON
 *   GET /tiles/{z}/{x}/{y}.json[?types=country,admin1][&amp;region=ID]
 *                                          a GeoJSON FeatureCollection: the region shapes cut to the tile (or to its first
 *                                          stored parent's, cut again) and the places in it
 *   GET /questions                         the questions, their arguments and options
 *   GET /questions/{name}?ARG=…&amp;option=… one question's answer, the JSON document of {@code query --json}
 * </pre>
 *
 * A request the API does not take (a tile out of range, an unknown type or question, a missing argument, another path)
 * is answered 4xx with {@code {"error": "…"}} in one line; a failure to read, 500 the same way.
 */
final class MapServer implements Closeable {
    private static final Pattern TILE = Pattern.compile("/tiles/(\\d{1,2})/(\\d{1,6})/(\\d{1,6})\\.json");
    private static final Pattern QUESTION = Pattern.compile("/questions/([a-z0-9-]+)");
    /** The longest query string taken (characters, as sent), and the longest value of one parameter (decoded). */
    static final int MAX_QUERY = 4096;

    static final int MAX_VALUE = 1024;
    /** The parameters of a tile (the page's are {@link PageFiles#PAGE_PARAMETERS}). */
    private static final List<String> TILE_PARAMETERS = List.of("types", "region");
    /** At most this many places in one tile's answer, most prominent first. */
    static final int PLACES_PER_TILE = 500;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final QueryCommand.Tables tables;
    private final Map<String, TableReader> open = new HashMap<>();
    private final HttpServer server;
    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "dumptruck-serve");
        t.setDaemon(true);
        return t;
    });
    private final PrintStream log;

    static {
        // a client that stops sending its request or reading the answer must not hold the one request thread
        System.setProperty("sun.net.httpserver.maxReqTime", System.getProperty("sun.net.httpserver.maxReqTime", "30"));
        System.setProperty("sun.net.httpserver.maxRspTime", System.getProperty("sun.net.httpserver.maxRspTime", "60"));
    }

    MapServer(QueryCommand.Tables tables, InetSocketAddress address, PrintStream log) throws IOException {
        this.tables = tables;
        this.log = log;
        this.server = HttpServer.create(address, 16);
        server.createContext("/", this::handle);
        server.setExecutor(executor); // one request at a time: the readers are not shared between threads
    }

    MapServer start() {
        server.start();
        return this;
    }

    int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() throws IOException {
        server.stop(0);
        executor.shutdownNow();
        for (TableReader r : open.values()) {
            r.close();
        }
        open.clear();
    }

    /** A request refused with a status and a one-line reason. */
    private static final class Refused extends RuntimeException {
        final int status;

        Refused(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath();
            try {
                if (!exchange.getRequestMethod().equals("GET")
                        && !exchange.getRequestMethod().equals("HEAD")) {
                    throw new Refused(405, "only GET is served");
                }
                Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
                Matcher m;
                PageFiles.PageFile file = PageFiles.at(path);
                if (file != null) {
                    takesOnly(path, query, file.parameters());
                    send(exchange, 200, file.type(), file.bytes(), file.cacheable());
                } else if ((m = TILE.matcher(path)).matches()) {
                    takesOnly("/tiles/{z}/{x}/{y}.json", query, TILE_PARAMETERS);
                    sendJson(exchange, 200, tile(m, query), true);
                } else if (path.equals("/questions")) {
                    takesOnly(path, query, List.of());
                    sendJson(exchange, 200, questions(), false);
                } else if ((m = QUESTION.matcher(path)).matches()) {
                    sendJson(exchange, 200, ask(m.group(1), query), false);
                } else {
                    throw new Refused(
                            404,
                            "no such path: " + path
                                    + "; the API is /tiles/{z}/{x}/{y}.json, /questions and /questions/{name}");
                }
            } catch (Refused e) {
                sendJson(exchange, e.status, error(e.getMessage()), false);
            } catch (IllegalArgumentException e) {
                sendJson(exchange, 400, error(oneLine(e)), false);
            } catch (IOException | RuntimeException e) {
                log.println("dumptruck serve: " + path + ": " + e);
                sendJson(exchange, 500, error("cannot answer: " + oneLine(e)), false);
            }
        }
    }

    /** The tile's region shapes and places as a GeoJSON FeatureCollection. */
    private ObjectNode tile(Matcher m, Map<String, String> query) throws IOException {
        int z = Integer.parseInt(m.group(1));
        int x = Integer.parseInt(m.group(2));
        int y = Integer.parseInt(m.group(3));
        if (z < 1 || z > QuadKey.MAX_PACKED_LEVEL) {
            throw new Refused(
                    404, "zoom " + z + " is out of range: tiles are served from 1 to " + QuadKey.MAX_PACKED_LEVEL);
        }
        if (x >= (1 << z) || y >= (1 << z)) {
            throw new Refused(
                    404, "tile " + z + "/" + x + "/" + y + " is out of range: x and y go to " + ((1 << z) - 1));
        }
        List<Character> types = RegionQueries.types(query.get("types"));
        ObjectNode out = JSON.createObjectNode().put("type", "FeatureCollection");
        ArrayNode features = out.putArray("features");
        Reads reads = new Reads();
        Optional<TableReader> bounds = optionalTable(RegionQueries.TILE_BOUNDS);
        Optional<TableReader> places = optionalTable(GeoSchema.TILE_PLACES);
        if (bounds.isEmpty() && places.isEmpty()) {
            throw new Refused(
                    404,
                    "no tile_bounds nor tile_places here: serve a geo load's output (regions need "
                            + "--regions-file), or give --table tile_bounds=LOCATION");
        }
        Optional<RegionQueries.Tile> found = Optional.empty();
        if (bounds.isPresent()) {
            Reads before = bounds.get().reads().copy();
            found = RegionQueries.tile(bounds.get(), z, x, y, types, query.get("region"));
            reads.add(bounds.get().reads().minus(before));
        }
        if (found.isPresent()) {
            out.putObject("servedBy")
                    .put("z", found.get().zoom())
                    .put("x", found.get().x())
                    .put("y", found.get().y());
            for (RegionQueries.Shape s : found.get().shapes()) {
                ObjectNode f = features.addObject().put("type", "Feature");
                f.putObject("properties")
                        .put("kind", "region")
                        .put("type", RegionQueries.TYPES.get(s.type()))
                        .put("id", s.id());
                f.set("geometry", s.geometry());
            }
        } else {
            out.putNull("servedBy");
        }
        List<GeoQueries.Place> inTile = List.of();
        if (places.isPresent()) {
            TableReader info = optionalTable(GeoSchema.GEONAMES_INFO).orElse(null);
            Reads before = places.get().reads().copy();
            Reads infoBefore = info == null ? new Reads() : info.reads().copy();
            int tile = QuadKey.fromQuadKey(QuadKey.tileToQuadKey(x, y, z));
            inTile = GeoQueries.mostProminentInTile(places.get(), info, tile, z, PLACES_PER_TILE);
            reads.add(places.get().reads().minus(before));
            if (info != null) {
                reads.add(info.reads().minus(infoBefore));
            }
        }
        inTile.forEach(p -> {
            ObjectNode f = features.addObject().put("type", "Feature");
            f.putObject("properties")
                    .put("kind", "place")
                    .put("name", p.name())
                    .put("prominence", p.prominence())
                    .put("featureKind", p.kind())
                    .put("country", p.country());
            f.putObject("geometry")
                    .put("type", "Point")
                    .putArray("coordinates")
                    .add(p.lon())
                    .add(p.lat());
        });
        out.put("places", inTile.size()).put("placesComplete", inTile.size() < PLACES_PER_TILE);
        out.putObject("reads")
                .put("gets", reads.gets())
                .put("scans", reads.scans())
                .put("rows", reads.rows());
        return out;
    }

    private ObjectNode questions() {
        ObjectNode out = JSON.createObjectNode();
        ArrayNode list = out.putArray("questions");
        for (Question q : LoaderCatalog.questions().values()) {
            ObjectNode o = list.addObject()
                    .put("name", q.name())
                    .put("loader", LoaderCatalog.loaderOf(q).name())
                    .put("arguments", q.arguments())
                    .put("summary", q.summary());
            q.tables().forEach(o.putArray("tables")::add);
            ArrayNode options = o.putArray("options");
            q.options()
                    .forEach(opt -> options.addObject()
                            .put("name", opt.name())
                            .put("value", opt.value())
                            .put("help", opt.help())
                            .put("default", opt.defaultValue()));
            if (q.listing() == null) {
                o.putNull("lists");
            } else {
                o.putObject("lists")
                        .put("field", q.listing().field())
                        .put("order", q.listing().order())
                        .put("defaultLimit", Question.DEFAULT_LIMIT)
                        .put("maxLimit", Question.MAX_LIMIT);
            }
        }
        return out;
    }

    /** One question, its arguments by name in the query string, as {@code query --json} prints it. */
    private ObjectNode ask(String name, Map<String, String> query) throws IOException {
        Question q = LoaderCatalog.questions().get(name);
        if (q == null) {
            throw new Refused(
                    404,
                    "unknown question '" + name + "'; questions: "
                            + String.join(", ", LoaderCatalog.questions().keySet()));
        }
        List<String> names = q.argumentNames();
        List<String> arguments = new java.util.ArrayList<>();
        for (String arg : names) {
            String v = query.get(arg);
            if (v == null) {
                break;
            }
            arguments.add(v);
        }
        Map<String, String> options = new LinkedHashMap<>();
        Set<String> flags = new HashSet<>();
        for (Question.Option o : q.options()) {
            String v = query.get(o.name());
            if (v != null && o.secret()) {
                throw new Refused(
                        400,
                        "--" + o.name() + " is not taken over HTTP (it would sit in URLs and logs): "
                                + "ask with dumptruck query");
            }
            if (v != null) {
                if (o.value() == null) {
                    if (!v.isEmpty() && !v.equals("true") && !v.equals("false")) {
                        throw new Refused(400, o.name() + " is a flag: true, false or no value, got '" + v + "'");
                    }
                    if (!v.equals("false")) {
                        flags.add(o.name());
                    }
                } else {
                    options.put(o.name(), v);
                }
            }
        }
        Set<String> known = new HashSet<>(names);
        q.options().forEach(o -> known.add(o.name()));
        known.add("limit");
        for (String given : query.keySet()) {
            if (!known.contains(given)) {
                throw new Refused(400, name + " takes no '" + given + "'; it takes " + String.join(", ", known));
            }
        }
        long limit = query.containsKey("limit")
                ? io.dumptruck.formats.runtime.NamedOptions.wholeNumber(
                        "limit", query.get("limit"), 1, Question.MAX_LIMIT)
                : Question.DEFAULT_LIMIT;
        Answer answer;
        Reads reads;
        try (Asked asked = q.ask(arguments, options, flags, limit, this::table)) {
            answer = q.answer(asked);
            reads = asked.reads();
        }
        return QueryCommand.document(q, arguments, options, flags, limit, answer, reads);
    }

    /** A table by name if the server has it. */
    private Optional<TableReader> optionalTable(String name) throws IOException {
        try {
            return Optional.of(table(name));
        } catch (Refused absent) {
            return Optional.empty();
        }
    }

    /** A table by name, opened once and kept: {@link Asked} closes only its files, which reopen on the next read. */
    private TableReader table(String name) throws IOException {
        TableReader r = open.get(name);
        if (r == null) {
            try {
                r = tables.open(name);
            } catch (UsageException e) {
                throw new Refused(404, e.getMessage());
            }
            open.put(name, r);
        }
        return r;
    }

    /** Refuses a parameter {@code route} does not take: every route says what it takes (a question, in {@code ask}). */
    private static void takesOnly(String route, Map<String, String> query, List<String> takes) {
        for (String given : query.keySet()) {
            if (!takes.contains(given)) {
                throw new Refused(
                        400,
                        route + " takes no '" + given + "'"
                                + (takes.isEmpty()
                                        ? ": it takes no parameter"
                                        : "; it takes " + String.join(", ", takes)));
            }
        }
    }

    /**
     * The parameters of a query string: each once, the whole at most {@value #MAX_QUERY} characters and each value at
     * most {@value #MAX_VALUE}, else refused (400).
     */
    private static Map<String, String> query(String raw) {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        if (raw.length() > MAX_QUERY) {
            throw new Refused(
                    400, "the query is " + raw.length() + " characters long; at most " + MAX_QUERY + " are taken");
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            if (v.length() > MAX_VALUE || k.length() > MAX_VALUE) {
                throw new Refused(
                        400,
                        "'" + (k.length() > 40 ? k.substring(0, 40) + "…" : k) + "' is "
                                + Math.max(k.length(), v.length()) + " characters long; at most " + MAX_VALUE
                                + " are taken");
            }
            if (out.put(k, v) != null) {
                throw new Refused(400, "'" + k + "' is given twice");
            }
        }
        return out;
    }

    private static ObjectNode error(String message) {
        return JSON.createObjectNode().put("error", message == null ? "" : oneLine(message));
    }

    private static String oneLine(Object o) {
        String s = o instanceof Throwable t ? (t.getMessage() == null ? t.toString() : t.getMessage()) : (String) o;
        return s.lines().findFirst().orElse("");
    }

    private static void sendJson(HttpExchange exchange, int status, ObjectNode body, boolean cacheable)
            throws IOException {
        send(exchange, status, "application/json; charset=utf-8", JSON.writeValueAsBytes(body), cacheable);
    }

    /**
     * Sends {@code body}; {@code cacheable}: what does not change while the server runs (its tables are read-only),
     * kept by browsers for an hour.
     */
    private static void send(HttpExchange exchange, int status, String type, byte[] body, boolean cacheable)
            throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.getResponseHeaders()
                .set("Cache-Control", cacheable && status == 200 ? "public, max-age=3600" : "no-store");
        exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, head ? -1 : body.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
