package io.dumptruck.loaders.ipblocks;

import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.text.CsvParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The country code of each geoname id of a MaxMind GeoLite2 locations file ({@code GeoLite2-Country-Locations-en.csv}
 * or the City one): a CSV whose header names the columns {@code geoname_id} and {@code country_iso_code}. A location
 * without a country code (a continent) has none; so has an id the file does not list.
 */
final class GeoLite2Locations {
    private final Map<String, String> countries;

    private GeoLite2Locations(Map<String, String> countries) {
        this.countries = countries;
    }

    /** The two-letter country of {@code geonameId}, upper-case, or null when it has none. */
    String country(String geonameId) {
        return countries.get(geonameId);
    }

    int size() {
        return countries.size();
    }

    /**
     * Reads {@code file} (on its file system, through {@code conf}).
     *
     * @throws IllegalArgumentException naming the file and what is wrong with it: no such file, no {@code geoname_id}
     *     and {@code country_iso_code} columns, a row that does not parse, a country code that is not two letters
     */
    static GeoLite2Locations read(Path file, Configuration conf) {
        String where = "--locations " + file;
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(file.getFileSystem(conf).open(file), StandardCharsets.UTF_8))) {
            String header = in.readLine();
            if (header == null) {
                throw new IllegalArgumentException(where + " is empty; give GeoLite2's locations CSV");
            }
            List<String> columns = fields(header.startsWith("\uFEFF") ? header.substring(1) : header, where, 1);
            int id = columns.indexOf("geoname_id");
            int code = columns.indexOf("country_iso_code");
            if (id < 0 || code < 0) {
                throw new IllegalArgumentException(where + " has no geoname_id and country_iso_code columns (header: "
                        + header + "); give GeoLite2's locations CSV, e.g. GeoLite2-Country-Locations-en.csv");
            }
            Map<String, String> countries = new HashMap<>();
            long lineNumber = 1;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNumber++;
                if (line.isBlank()) {
                    continue;
                }
                List<String> f = fields(line, where, lineNumber);
                if (f.size() <= Math.max(id, code)) {
                    throw new IllegalArgumentException(
                            where + " line " + lineNumber + " has " + f.size() + " fields, fewer than the header's");
                }
                String country = f.get(code).strip();
                if (country.isEmpty()) {
                    continue; // a continent
                }
                if (!country.matches("[A-Za-z]{2}")) {
                    throw new IllegalArgumentException(
                            where + " line " + lineNumber + ": country_iso_code '" + country + "' is not two letters");
                }
                countries.put(f.get(id).strip(), country.toUpperCase(Locale.ROOT));
            }
            return new GeoLite2Locations(countries);
        } catch (IOException e) {
            throw new IllegalArgumentException(where + " cannot be read: " + e.getMessage(), e);
        }
    }

    private static List<String> fields(String line, String where, long lineNumber) {
        Parsed<List<String>> f = CsvParser.CSV.parseLine(line);
        if (!f.isRecord()) {
            throw new IllegalArgumentException(
                    where + " line " + lineNumber + " is not CSV: " + f.reason() + " " + f.detail());
        }
        return f.record();
    }
}
