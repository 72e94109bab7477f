package io.dumptruck.loaders.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GeoNamesRecordTest {
    @Test
    void coordinatesInJsonNeverUseAnExponent() {
        assertEquals("0.00001", GeoNamesRecord.plain(1e-5));
        assertEquals("-0.000838", GeoNamesRecord.plain(-0.000838));
        assertEquals("0.001", GeoNamesRecord.plain(0.001));
        assertEquals("10.0", GeoNamesRecord.plain(10));
        assertEquals("-0.0", GeoNamesRecord.plain(-0.0));
        assertEquals("-179.99999", GeoNamesRecord.plain(-179.99999));
    }

    @Test
    void listsAreCopiedAndNullListsEmpty() {
        List<String> names = new ArrayList<>(List.of("a"));
        GeoNamesRecord r = new GeoNamesRecord(
                7, "n", null, names, 1, 2, 'S', null, null, null, null, null, null, null, 12_345L, null, null, null,
                null);
        names.add("b");
        assertEquals(List.of("a"), r.alternateNames());
        assertEquals(List.of(), r.cc2());
        assertThrows(
                UnsupportedOperationException.class, () -> r.alternateNames().add("c"));
        assertEquals(
                "{\"geonameid\":7,\"name\":\"n\",\"alternatenames\":[\"a\"],\"latitude\":1.0,\"longitude\":2.0,"
                        + "\"feature_class\":\"S\",\"population\":12345}",
                r.toJson());
        assertEquals('m', r.prominence());
    }
}
