package io.dumptruck.loaders.geo;

import com.fasterxml.jackson.databind.JsonNode;
import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.text.JsonText;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parses one GeoJSON Feature of a region: {@code properties.type} (country, admin1 … admin4, or the letter a … e),
 * {@code properties.id}, and a Polygon or MultiPolygon geometry in longitude/latitude.
 */
final class RegionParser {
    /** Why a feature is rejected. */
    public enum Reject {
        BAD_JSON,
        BAD_TYPE,
        MISSING_ID,
        BAD_GEOMETRY
    }

    static final Map<String, Character> TYPES =
            Map.of("country", 'a', "admin1", 'b', "admin2", 'c', "admin3", 'd', "admin4", 'e');

    public Parsed<Region> parse(String feature) {
        JsonNode f;
        try {
            f = JsonText.read(feature);
        } catch (IOException e) {
            return Parsed.reject(
                    Reject.BAD_JSON, "not one JSON value: " + e.getMessage().split("\n")[0]);
        }
        JsonNode props = f == null ? null : f.get("properties");
        if (props == null || !props.isObject()) {
            return Parsed.reject(Reject.BAD_JSON, "a feature needs \"properties\"");
        }
        String typeText = props.path("type").asText("").toLowerCase(Locale.ROOT);
        Character type = typeText.length() == 1 && typeText.charAt(0) >= 'a' && typeText.charAt(0) <= 'e'
                ? Character.valueOf(typeText.charAt(0))
                : TYPES.get(typeText);
        if (type == null) {
            return Parsed.reject(Reject.BAD_TYPE, "properties.type '" + typeText + "' is not country, admin1 … admin4");
        }
        String id = props.path("id").asText("");
        if (id.isEmpty()) {
            return Parsed.reject(Reject.MISSING_ID, "properties.id is missing");
        }
        JsonNode g = f.path("geometry");
        List<List<List<double[]>>> polygons = new ArrayList<>();
        try {
            switch (g.path("type").asText()) {
                case "Polygon" -> polygons.add(rings(g.get("coordinates")));
                case "MultiPolygon" -> {
                    for (JsonNode p : g.get("coordinates")) {
                        polygons.add(rings(p));
                    }
                }
                default -> {
                    return Parsed.reject(Reject.BAD_GEOMETRY, "geometry must be a Polygon or MultiPolygon");
                }
            }
        } catch (IllegalArgumentException | NullPointerException e) {
            return Parsed.reject(Reject.BAD_GEOMETRY, "bad coordinates: " + e.getMessage());
        }
        return Parsed.of(new Region(type, id, props.toString(), polygons));
    }

    private static List<List<double[]>> rings(JsonNode polygon) {
        List<List<double[]>> rings = new ArrayList<>();
        for (JsonNode ring : polygon) {
            List<double[]> points = new ArrayList<>();
            for (JsonNode p : ring) {
                double lon = p.get(0).asDouble(Double.NaN);
                double lat = p.get(1).asDouble(Double.NaN);
                if (!(lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90)) {
                    throw new IllegalArgumentException("point " + p + " is not a longitude/latitude pair");
                }
                points.add(new double[] {lon, lat});
            }
            if (points.size() < 4) {
                throw new IllegalArgumentException("a ring needs at least 4 points");
            }
            rings.add(points);
        }
        if (rings.isEmpty()) {
            throw new IllegalArgumentException("a polygon needs a ring");
        }
        return rings;
    }
}
