package io.dumptruck.formats.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.SpecException;
import io.dumptruck.formats.text.ShellBytes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The JSON form of {@link TableSpec}. Split points are strings in HBase shell notation ({@code Bytes.toStringBinary}:
 * printable ASCII as is, other bytes as {@code \xNN}).
 *
 * <pre>{@code
 * {"name": "follows",
 *  "families": [{"name": "f", "maxVersions": 1, "ttlSeconds": 2147483647, "bloom": "ROW",
 *                "compression": "GZ", "blockSize": 65536, "encoding": "FAST_DIFF", "inMemory": false}],
 *  "regions": {"kind": "uniform", "count": 16},      // or {"kind": "explicit", "splitPoints": ["g", "p"]}
 *  "splitPolicy": "disabled"}
 * }</pre>
 *
 * Family fields left out take {@link FamilySpec#named}'s defaults. Unknown fields are errors, so a typo never silently
 * falls back to a default.
 */
@PublicApi
public final class TableSpecJson {
    /** A table's spec, with the split points the load used, kept next to its family directories. */
    public static final String FILE_NAME = "_spec.json";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Set<String> TABLE_FIELDS = Set.of("name", "families", "regions", "splitPolicy", "writtenBy");
    private static final Set<String> FAMILY_FIELDS = Set.of(
            "name",
            "maxVersions",
            "ttlSeconds",
            "bloom",
            "compression",
            "blockSize",
            "encoding",
            "inMemory",
            "minVersions");
    private static final Set<String> REGION_FIELDS = Set.of("kind", "count", "splitPoints");

    private TableSpecJson() {}

    public static String toJson(TableSpec spec) {
        return toNode(spec).toString();
    }

    public static String toJson(List<TableSpec> specs) {
        ArrayNode arr = MAPPER.createArrayNode();
        specs.forEach(s -> arr.add(toNode(s)));
        return arr.toString();
    }

    public static String toPrettyJson(TableSpec spec) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(toNode(spec));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The table spec a load wrote ({@code <table>/_spec.json}); a file that cannot be read or is not a table spec
     * (damaged, cut, hand-edited) is an IOException naming it, the same for every reader.
     */
    public static TableSpec read(FileSystem fs, Path specFile) throws IOException {
        try (InputStream in = fs.open(specFile)) {
            return fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            throw new IOException(
                    "table spec " + specFile + " is damaged ("
                            + String.valueOf(e.getMessage()).lines().findFirst().orElse("")
                            + "); the load that wrote the table writes it: load again, or restore the file",
                    e);
        }
    }

    /** Reads one spec object. */
    public static TableSpec fromJson(String json) {
        return fromNode(parse(json));
    }

    /** Reads an array of specs, or a single spec object as a list of one. */
    public static List<TableSpec> listFromJson(String json) {
        JsonNode node = parse(json);
        List<TableSpec> out = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(n -> out.add(fromNode(n)));
        } else {
            out.add(fromNode(node));
        }
        return out;
    }

    static ObjectNode toNode(TableSpec spec) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("name", spec.name());
        ArrayNode fams = o.putArray("families");
        for (FamilySpec f : spec.families()) {
            ObjectNode fo = fams.addObject();
            fo.put("name", f.name());
            fo.put("maxVersions", f.maxVersions());
            fo.put("ttlSeconds", f.ttlSeconds());
            fo.put("bloom", f.bloom().name());
            fo.put("compression", f.compression().name());
            fo.put("blockSize", f.blockSize());
            fo.put("encoding", f.encoding().name());
            fo.put("inMemory", f.inMemory());
            if (f.minVersions() > 0) {
                fo.put("minVersions", f.minVersions());
            }
        }
        ObjectNode r = o.putObject("regions");
        RegionSplits regions = spec.regions();
        r.put("kind", regions.kind().name().toLowerCase(Locale.ROOT));
        if (regions.kind() != RegionSplits.Kind.SINGLE && regions.kind() != RegionSplits.Kind.EXPLICIT) {
            r.put("count", regions.count());
        }
        if (regions.kind() == RegionSplits.Kind.EXPLICIT || !regions.points().isEmpty()) {
            ArrayNode pts = r.putArray("splitPoints");
            regions.points().forEach(p -> pts.add(Bytes.toStringBinary(p)));
        }
        if (spec.splitPolicy() != null) {
            o.put("splitPolicy", spec.splitPolicy());
        }
        if (spec.writtenBy() != null) {
            ObjectNode by = o.putObject("writtenBy");
            by.put("loader", spec.writtenBy().loader());
            ObjectNode options = by.putObject("options");
            new TreeMap<>(spec.writtenBy().options()).forEach(options::put);
        }
        return o;
    }

    static TableSpec fromNode(JsonNode o) {
        requireObject(o, "table spec");
        checkFields(o, TABLE_FIELDS, "table spec");
        String name = text(o, "name", "table spec", null);
        String where = "table '" + name + "'";
        JsonNode fams = o.get("families");
        if (fams == null || !fams.isArray()) {
            throw new SpecException(where + ": \"families\" must be an array of family objects");
        }
        List<FamilySpec> families = new ArrayList<>();
        fams.forEach(f -> families.add(familyFromNode(f, where)));
        RegionSplits regions = o.has("regions") ? regionsFromNode(o.get("regions"), where) : RegionSplits.single();
        String policy = o.has("splitPolicy") ? text(o, "splitPolicy", where, null) : null;
        WrittenBy by = o.has("writtenBy") ? writtenByFromNode(o.get("writtenBy"), where) : null;
        return new TableSpec(name, families, regions, policy, by);
    }

    private static WrittenBy writtenByFromNode(JsonNode n, String where) {
        requireObject(n, where + " writtenBy");
        checkFields(n, Set.of("loader", "options"), where + " writtenBy");
        Map<String, String> options = new TreeMap<>();
        JsonNode o = n.get("options");
        if (o != null) {
            requireObject(o, where + " writtenBy options");
            o.fields().forEachRemaining(e -> {
                if (!e.getValue().isTextual()) {
                    throw new SpecException(where + ": writtenBy option \"" + e.getKey() + "\" must be a string");
                }
                options.put(e.getKey(), e.getValue().asText());
            });
        }
        return new WrittenBy(text(n, "loader", where + " writtenBy", null), options);
    }

    private static FamilySpec familyFromNode(JsonNode f, String where) {
        requireObject(f, where + " family");
        checkFields(f, FAMILY_FIELDS, where + " family");
        String name = text(f, "name", where + " family", null);
        String fw = where + " family '" + name + "'";
        FamilySpec d = FamilySpec.named(name);
        return new FamilySpec(
                name,
                integer(f, "maxVersions", fw, d.maxVersions()),
                integer(f, "ttlSeconds", fw, d.ttlSeconds()),
                enumValue(BloomType.class, text(f, "bloom", fw, d.bloom().name()), fw + " bloom", "NONE, ROW, ROWCOL"),
                FamilySpec.parseCompression(
                        name, text(f, "compression", fw, d.compression().name())),
                integer(f, "blockSize", fw, d.blockSize()),
                enumValue(
                        DataBlockEncoding.class,
                        text(f, "encoding", fw, d.encoding().name()),
                        fw + " encoding",
                        "NONE, PREFIX, DIFF, FAST_DIFF"),
                f.has("inMemory") ? bool(f, "inMemory", fw) : d.inMemory(),
                integer(f, "minVersions", fw, 0));
    }

    private static RegionSplits regionsFromNode(JsonNode r, String where) {
        requireObject(r, where + " regions");
        checkFields(r, REGION_FIELDS, where + " regions");
        RegionSplits.Kind kind = enumValue(
                RegionSplits.Kind.class,
                text(r, "kind", where + " regions", null),
                where + " regions kind",
                "single, explicit, uniform, salted, sampled");
        List<byte[]> points = new ArrayList<>();
        JsonNode pts = r.get("splitPoints");
        if (kind == RegionSplits.Kind.EXPLICIT && (pts == null || !pts.isArray())) {
            throw new SpecException(where + ": explicit regions need \"splitPoints\": [\"…\", …]");
        }
        if (pts != null) {
            if (!pts.isArray()) {
                throw new SpecException(where + ": \"splitPoints\" must be an array of keys");
            }
            for (JsonNode p : pts) {
                try {
                    points.add(ShellBytes.parse(p.asText()));
                } catch (IllegalArgumentException e) {
                    throw new SpecException(where + ": split point " + e.getMessage());
                }
            }
        }
        if (kind == RegionSplits.Kind.EXPLICIT) {
            return RegionSplits.explicit(points);
        }
        int count = kind == RegionSplits.Kind.SINGLE ? 1 : integer(r, "count", where + " regions", -1);
        if (count < 0) {
            throw new SpecException(where + ": " + kind.name().toLowerCase(Locale.ROOT) + " regions need a \"count\"");
        }
        return new RegionSplits(kind, count, points);
    }

    /** Deeper than any table spec nests (a handful of levels). */
    private static final int MAX_DEPTH = 64;

    private static JsonNode parse(String json) {
        if (JsonNesting.deeperThan(json, MAX_DEPTH)) {
            throw new SpecException("table spec is not a table spec: it nests deeper than " + MAX_DEPTH + " levels");
        }
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new SpecException("table spec is not valid JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static void requireObject(JsonNode n, String what) {
        if (n == null || !n.isObject()) {
            throw new SpecException(what + " must be a JSON object");
        }
    }

    private static void checkFields(JsonNode o, Set<String> known, String what) {
        for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!known.contains(field)) {
                throw new SpecException(what + ": unknown field \"" + field + "\" (known: "
                        + String.join(", ", new TreeSet<>(known)) + ")");
            }
        }
    }

    private static String text(JsonNode o, String field, String what, String dflt) {
        JsonNode v = o.get(field);
        if (v == null || v.isNull()) {
            if (dflt == null) {
                throw new SpecException(what + ": \"" + field + "\" is required");
            }
            return dflt;
        }
        if (!v.isTextual()) {
            throw new SpecException(what + ": \"" + field + "\" must be a string");
        }
        return v.asText();
    }

    private static int integer(JsonNode o, String field, String what, int dflt) {
        JsonNode v = o.get(field);
        if (v == null || v.isNull()) {
            return dflt;
        }
        if (!v.canConvertToInt() || !v.isIntegralNumber()) {
            throw new SpecException(what + ": \"" + field + "\" must be a whole number that fits in an int");
        }
        return v.intValue();
    }

    private static boolean bool(JsonNode o, String field, String what) {
        JsonNode v = o.get(field);
        if (!v.isBoolean()) {
            throw new SpecException(what + ": \"" + field + "\" must be true or false");
        }
        return v.booleanValue();
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String text, String what, String allowed) {
        try {
            return Enum.valueOf(type, text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new SpecException(what + ": unknown value '" + text + "' (use " + allowed + ")");
        }
    }
}
