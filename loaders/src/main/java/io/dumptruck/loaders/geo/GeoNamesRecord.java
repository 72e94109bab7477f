package io.dumptruck.loaders.geo;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * One row of the GeoNames dump ({@code allCountries.txt} and the per-country files), all 19 columns typed. Optional
 * text columns are null when empty, list columns are empty lists, optional numbers are null. {@code featureClass} is
 * one ASCII letter; {@code modificationDate} is {@code yyyy-MM-dd}.
 */
record GeoNamesRecord(
        long geonameId,
        String name,
        String asciiName,
        List<String> alternateNames,
        double latitude,
        double longitude,
        char featureClass,
        String featureCode,
        String countryCode,
        List<String> cc2,
        String admin1Code,
        String admin2Code,
        String admin3Code,
        String admin4Code,
        Long population,
        Integer elevation,
        Integer dem,
        String timezone,
        String modificationDate) {

    /** Population from which a place is in the {@code h} family of {@code tile_places}. */
    public static final long HIGH_POPULATION = 100_000;

    /** Population from which a place is in the {@code m} family of {@code tile_places}. */
    public static final long MEDIUM_POPULATION = 10_000;

    private static final JsonFactory JSON = new JsonFactory();

    public GeoNamesRecord {
        alternateNames = List.copyOf(Objects.requireNonNullElse(alternateNames, List.of()));
        cc2 = List.copyOf(Objects.requireNonNullElse(cc2, List.of()));
    }

    /**
     * The {@code tile_places} family: {@code 'h'} for a population of 100,000 or more, {@code 'm'} for 10,000 or more,
     * else (also with no population) {@code 'l'}.
     */
    public char prominence() {
        long p = population == null ? 0 : population;
        return p >= HIGH_POPULATION ? 'h' : p >= MEDIUM_POPULATION ? 'm' : 'l';
    }

    /**
     * The {@code geonames_info} value (docs/tables.md): one JSON object, no white space, keys in this order —
     * {@code geonameid, name, asciiname, alternatenames, latitude, longitude, feature_class, feature_code,
     * country_code, cc2, admin1_code, admin2_code, admin3_code, admin4_code, population, elevation, dem, timezone,
     * modification_date}. A null field or an empty list is left out. {@code alternatenames} and {@code cc2} are arrays
     * of strings; the id, population, elevation and dem are JSON integers; latitude and longitude are written as
     * {@link Double#toString} writes them ({@code 48.85341}, {@code 10.0}) except that a small value keeps plain
     * notation ({@code -0.000838}, not {@code -8.38E-4}). Non-ASCII text is written as is (the value is stored as
     * UTF-8), control characters escaped.
     */
    public String toJson() {
        StringWriter out = new StringWriter(256);
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            json.writeNumberField("geonameid", geonameId);
            text(json, "name", name);
            text(json, "asciiname", asciiName);
            list(json, "alternatenames", alternateNames);
            json.writeFieldName("latitude");
            json.writeNumber(plain(latitude));
            json.writeFieldName("longitude");
            json.writeNumber(plain(longitude));
            json.writeStringField("feature_class", String.valueOf(featureClass));
            text(json, "feature_code", featureCode);
            text(json, "country_code", countryCode);
            list(json, "cc2", cc2);
            text(json, "admin1_code", admin1Code);
            text(json, "admin2_code", admin2Code);
            text(json, "admin3_code", admin3Code);
            text(json, "admin4_code", admin4Code);
            if (population != null) {
                json.writeNumberField("population", population);
            }
            if (elevation != null) {
                json.writeNumberField("elevation", elevation);
            }
            if (dem != null) {
                json.writeNumberField("dem", dem);
            }
            text(json, "timezone", timezone);
            text(json, "modification_date", modificationDate);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to a string", e);
        }
        return out.toString();
    }

    /** {@link Double#toString}, or for the forms with an exponent the same digits in plain notation. */
    static String plain(double value) {
        String s = Double.toString(value);
        return s.indexOf('E') < 0 ? s : new BigDecimal(s).stripTrailingZeros().toPlainString();
    }

    private static void text(JsonGenerator json, String key, String value) throws IOException {
        if (value != null && !value.isEmpty()) {
            json.writeStringField(key, value);
        }
    }

    private static void list(JsonGenerator json, String key, List<String> values) throws IOException {
        if (!values.isEmpty()) {
            json.writeArrayFieldStart(key);
            for (String v : values) {
                json.writeString(v);
            }
            json.writeEndArray();
        }
    }
}
