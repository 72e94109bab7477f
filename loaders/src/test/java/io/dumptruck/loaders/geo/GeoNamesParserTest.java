package io.dumptruck.loaders.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.loaders.Parsed;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GeoNamesParserTest {
    private static final String PARIS =
            "2988507\tParis\tParis\tLutece,Lutetia,Paname,Paris\t48.85341\t2.3488\tP\tPPLC\tFR\t\t11\t75\t751\t75056\t2138551\t\t42\tEurope/Paris\t2024-06-13";

    private final GeoNamesParser parser = new GeoNamesParser();

    private GeoNamesRecord record(String line) {
        Parsed<GeoNamesRecord> p = parser.parse(line);
        assertTrue(p.isRecord(), () -> line + " -> " + p);
        return p.record();
    }

    private void assertReject(GeoNamesParser.Reject reason, String line) {
        Parsed<GeoNamesRecord> p = parser.parse(line);
        assertTrue(p.isReject(), () -> line + " -> " + p);
        assertEquals(reason, p.reason(), p::detail);
    }

    /** {@code line} with column {@code index} replaced. */
    private static String with(String line, int index, String value) {
        String[] f = line.split("\t", -1);
        f[index] = value;
        return String.join("\t", f);
    }

    @Test
    void parsesTheParisLineColumnByColumn() {
        GeoNamesRecord r = record(PARIS);
        assertEquals(
                new GeoNamesRecord(
                        2988507L,
                        "Paris",
                        "Paris",
                        List.of("Lutece", "Lutetia", "Paname", "Paris"),
                        48.85341,
                        2.3488,
                        'P',
                        "PPLC",
                        "FR",
                        List.of(),
                        "11",
                        "75",
                        "751",
                        "75056",
                        2138551L,
                        null,
                        42,
                        "Europe/Paris",
                        "2024-06-13"),
                r);
    }

    @Test
    void parisJsonIsExactlyTheGeonamesInfoValue() {
        assertEquals(
                "{\"geonameid\":2988507,\"name\":\"Paris\",\"asciiname\":\"Paris\","
                        + "\"alternatenames\":[\"Lutece\",\"Lutetia\",\"Paname\",\"Paris\"],\"latitude\":48.85341,\"longitude\":2.3488,"
                        + "\"feature_class\":\"P\",\"feature_code\":\"PPLC\",\"country_code\":\"FR\",\"admin1_code\":\"11\","
                        + "\"admin2_code\":\"75\",\"admin3_code\":\"751\",\"admin4_code\":\"75056\",\"population\":2138551,"
                        + "\"dem\":42,\"timezone\":\"Europe/Paris\",\"modification_date\":\"2024-06-13\"}",
                record(PARIS).toJson());
        assertEquals('h', record(PARIS).prominence());
    }

    @Test
    void utf8NamesAndEmptyListItems() {
        GeoNamesRecord zurich = record(
                "2657896\tZürich\tZurich\tZurigo,,Zürich,Цюрих\t47.36667\t8.55\tP\tPPLA\tCH\t\tZH\t112\t261\t\t341730\t\t412\tEurope/Zurich\t2024-02-29");
        assertEquals("Zürich", zurich.name());
        assertEquals(List.of("Zurigo", "Zürich", "Цюрих"), zurich.alternateNames());
        assertNull(zurich.admin4Code());
        assertEquals(
                "{\"geonameid\":2657896,\"name\":\"Zürich\",\"asciiname\":\"Zurich\",\"alternatenames\":[\"Zurigo\",\"Zürich\",\"Цюрих\"],"
                        + "\"latitude\":47.36667,\"longitude\":8.55,\"feature_class\":\"P\",\"feature_code\":\"PPLA\",\"country_code\":\"CH\","
                        + "\"admin1_code\":\"ZH\",\"admin2_code\":\"112\",\"admin3_code\":\"261\",\"population\":341730,\"dem\":412,"
                        + "\"timezone\":\"Europe/Zurich\",\"modification_date\":\"2024-02-29\"}",
                zurich.toJson());

        GeoNamesRecord tokyo = record(
                "1850147\t東京\tTokyo\tTokio,東京都\t35.6895\t139.69171\tP\tPPLC\tJP\t\t40\t\t\t\t8336599\t\t44\tAsia/Tokyo\t2024-01-01");
        assertEquals("東京", tokyo.name());
        assertEquals(
                "{\"geonameid\":1850147,\"name\":\"東京\",\"asciiname\":\"Tokyo\",\"alternatenames\":[\"Tokio\",\"東京都\"],"
                        + "\"latitude\":35.6895,\"longitude\":139.69171,\"feature_class\":\"P\",\"feature_code\":\"PPLC\",\"country_code\":\"JP\","
                        + "\"admin1_code\":\"40\",\"population\":8336599,\"dem\":44,\"timezone\":\"Asia/Tokyo\",\"modification_date\":\"2024-01-01\"}",
                tokyo.toJson());
    }

    @Test
    void everyOptionalColumnEmpty() {
        GeoNamesRecord r = record("1\t\t\t\t0\t0\tL\t\t\t\t\t\t\t\t\t\t\t\t");
        assertEquals(
                new GeoNamesRecord(
                        1, null, null, List.of(), 0.0, 0.0, 'L', null, null, List.of(), null, null, null, null, null,
                        null, null, null, null),
                r);
        assertEquals("{\"geonameid\":1,\"latitude\":0.0,\"longitude\":0.0,\"feature_class\":\"L\"}", r.toJson());
        assertEquals('l', r.prominence());
    }

    @Test
    void negativeNumbersCc2EscapesAndSmallCoordinates() {
        GeoNamesRecord sea = record(
                "2\tDead \"Sea\"\tDead Sea\t\t-0.000838\t35.5\tH\tLK\tJO\tIL,PS\t\t\t\t\t0\t-430\t-415\tAsia/Amman\t2020-01-01");
        assertEquals(List.of("IL", "PS"), sea.cc2());
        assertEquals(-430, sea.elevation());
        assertEquals(
                "{\"geonameid\":2,\"name\":\"Dead \\\"Sea\\\"\",\"asciiname\":\"Dead Sea\",\"latitude\":-0.000838,\"longitude\":35.5,"
                        + "\"feature_class\":\"H\",\"feature_code\":\"LK\",\"country_code\":\"JO\",\"cc2\":[\"IL\",\"PS\"],\"population\":0,"
                        + "\"elevation\":-430,\"dem\":-415,\"timezone\":\"Asia/Amman\",\"modification_date\":\"2020-01-01\"}",
                sea.toJson());

        GeoNamesRecord pole = record("3\tTab\\Slash/\u0001\tx\t\t90\t-180\tT\tMT\tAQ\t\t\t\t\t\t9999\t4892\t4892\t\t");
        assertEquals(
                "{\"geonameid\":3,\"name\":\"Tab\\\\Slash/\\u0001\",\"asciiname\":\"x\",\"latitude\":90.0,\"longitude\":-180.0,"
                        + "\"feature_class\":\"T\",\"feature_code\":\"MT\",\"country_code\":\"AQ\",\"population\":9999,\"elevation\":4892,\"dem\":4892}",
                pole.toJson());
    }

    @Test
    void coordinateBoundsAreInclusive() {
        assertEquals(-90.0, record(with(PARIS, 4, "-90")).latitude());
        assertEquals(90.0, record(with(PARIS, 4, "90.000")).latitude());
        assertEquals(180.0, record(with(PARIS, 5, "180")).longitude());
        assertEquals(-180.0, record(with(PARIS, 5, "-180.0")).longitude());
        assertEquals(1e-5, record(with(PARIS, 4, "1e-5")).latitude());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"91", "-90.000001", "NaN", "Infinity", "-Infinity", "", "48,85", " 48.8", "0x1p3", "48.8d", "abc"
            })
    void badLatitude(String latitude) {
        assertReject(GeoNamesParser.Reject.BAD_COORDINATE, with(PARIS, 4, latitude));
    }

    @ParameterizedTest
    @ValueSource(strings = {"180.5", "-181", "NaN", "1e400", ""})
    void badLongitude(String longitude) {
        assertReject(GeoNamesParser.Reject.BAD_COORDINATE, with(PARIS, 5, longitude));
    }

    @Test
    void columnCount() {
        assertReject(GeoNamesParser.Reject.WRONG_COLUMN_COUNT, PARIS.substring(0, PARIS.lastIndexOf('\t')));
        assertReject(GeoNamesParser.Reject.WRONG_COLUMN_COUNT, PARIS + "\t");
        assertReject(GeoNamesParser.Reject.WRONG_COLUMN_COUNT, PARIS + "\textra");
        assertReject(GeoNamesParser.Reject.WRONG_COLUMN_COUNT, "2988507 Paris");
        assertEquals(
                "expected 19 tab-separated columns, found 18",
                parser.parse(PARIS.substring(0, PARIS.lastIndexOf('\t'))).detail());
        assertEquals(
                "expected 19 tab-separated columns, found 20",
                parser.parse(PARIS + "\t").detail());
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "", "0", "-5", "+5", "1.0", "99999999999999999999", "٢٩٨٨٥٠٧"})
    void badId(String id) {
        assertReject(GeoNamesParser.Reject.BAD_ID, with(PARIS, 0, id));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "p", "PP", "É", "1"})
    void badFeatureClass(String featureClass) {
        assertReject(GeoNamesParser.Reject.BAD_FEATURE_CLASS, with(PARIS, 6, featureClass));
    }

    @Test
    void badNumbers() {
        assertReject(GeoNamesParser.Reject.BAD_NUMBER, with(PARIS, 14, "1.5"));
        assertReject(GeoNamesParser.Reject.BAD_NUMBER, with(PARIS, 14, "-1"));
        assertReject(GeoNamesParser.Reject.BAD_NUMBER, with(PARIS, 14, "1e6"));
        assertReject(GeoNamesParser.Reject.BAD_NUMBER, with(PARIS, 15, "12m"));
        assertReject(GeoNamesParser.Reject.BAD_NUMBER, with(PARIS, 15, "3000000000"));
        assertReject(GeoNamesParser.Reject.BAD_NUMBER, with(PARIS, 16, "+3"));
        assertReject(GeoNamesParser.Reject.BAD_NUMBER, with(PARIS, 16, " 42"));
        assertEquals(9_000_000_000L, record(with(PARIS, 14, "9000000000")).population());
        assertEquals(-9999, record(with(PARIS, 16, "-9999")).dem());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2024-02-30",
                "2023-02-29",
                "2024-6-13",
                "2024-13-01",
                "2024/06/13",
                "13-06-2024",
                "2024-06-13T00:00",
                "２０２４-06-13"
            })
    void badDate(String date) {
        assertReject(GeoNamesParser.Reject.BAD_DATE, with(PARIS, 18, date));
    }

    @Test
    void emptyDateIsAbsent() {
        assertNull(record(with(PARIS, 18, "")).modificationDate());
    }

    @Test
    void blankLinesAreSkippedAndLineBreaksIgnored() {
        assertTrue(parser.parse("").isSkip());
        assertTrue(parser.parse("  \t ").isSkip());
        assertEquals(record(PARIS), record(PARIS + "\r\n"));
        assertEquals(record(PARIS), record(PARIS + "\n"));
    }

    @Test
    void prominenceThresholds() {
        assertEquals('h', record(with(PARIS, 14, "100000")).prominence());
        assertEquals('m', record(with(PARIS, 14, "99999")).prominence());
        assertEquals('m', record(with(PARIS, 14, "10000")).prominence());
        assertEquals('l', record(with(PARIS, 14, "9999")).prominence());
        assertEquals('l', record(with(PARIS, 14, "")).prominence());
    }
}
