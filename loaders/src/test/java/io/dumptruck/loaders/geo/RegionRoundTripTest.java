package io.dumptruck.loaders.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dumptruck.loaders.LoadTesting;
import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;

/**
 * {@code region} (docs/questions.md) finds what {@code tile} hands out: regions with ids in mixed case and Unicode
 * (final sigma, dotted and dotless i, sharp s, titlecase digraphs, emoji, numbers) are loaded; every id any tile answer
 * of the stored zooms gives (in lower case) must find its region — JSON {@code type}, {@code id} as stored,
 * {@code properties} as the feature had them — and so must the id as stored (one get) and the id in upper case when it
 * is the same in lower case; an id no region has answers with the id asked and null properties.
 */
class RegionRoundTripTest {
    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 2, shrinking = ShrinkingMode.OFF)
    void everyIdATileGivesFindsItsRegion(@ForAll("seeds") long seed) throws Exception {
        Random rnd = new Random(seed);
        RegionGen.Drawn drawn = new RegionGen(rnd).draw(40 + rnd.nextInt(20));
        File tmp = GeoOracle.scratch("region-round-trip");
        try {
            File regions = RegionGen.write(tmp, drawn.regions(), rnd);
            LoadTesting.Loaded loaded = LoadTesting.load(
                    tmp, new GeoLoader(), List.of(), Map.of("regions-file", regions.getPath(), "zooms", "3-4"), 1);
            assertEquals(0, loaded.report().rejected(), "seed " + seed + ": " + loaded.rejects());
            try (GeoOracle.Tables tables = new GeoOracle.Tables(loaded)) {
                Set<List<String>> handedOut = new LinkedHashSet<>();
                for (int z = 3; z <= 4; z++) {
                    for (long[] t : TileOracleTest.tilesToAsk(drawn, z, rnd)) {
                        JsonNode answer =
                                tables.ask("tile", List.of("" + z, "" + t[0], "" + t[1]), Map.of(), Set.of(), 20);
                        for (JsonNode r : answer.path("regions")) {
                            handedOut.add(List.of(
                                    r.path("type").asText(), r.path("id").asText()));
                        }
                    }
                }
                assertTrue(handedOut.size() >= drawn.regions().size() / 2, "seed " + seed + ": " + handedOut);
                for (List<String> typeAndId : handedOut) {
                    int type = List.of(RegionGen.TYPE_NAMES).indexOf(typeAndId.get(0));
                    RegionGen.Gen found = check(tables, drawn.regions(), type, typeAndId.get(1), rnd, seed);
                    assertTrue(found != null, "seed " + seed + ": no region " + typeAndId);
                }
                for (RegionGen.Gen g : drawn.regions()) {
                    check(tables, drawn.regions(), g.type(), g.id(), rnd, seed);
                    check(tables, drawn.regions(), g.type(), g.id().toUpperCase(Locale.ROOT), rnd, seed);
                    check(tables, drawn.regions(), g.type(), g.id() + "-absent", rnd, seed);
                    check(tables, drawn.regions(), (g.type() + 1 + rnd.nextInt(4)) % 5, g.id(), rnd, seed);
                }
            }
        } finally {
            GeoOracle.delete(tmp);
        }
    }

    /** Asks {@code region TYPE ID} (TYPE by name or letter) and compares the whole answer with the oracle's. */
    private static RegionGen.Gen check(
            GeoOracle.Tables tables, List<RegionGen.Gen> regions, int type, String id, Random rnd, long seed)
            throws Exception {
        String typeGiven = switch (rnd.nextInt(3)) {
            case 0 -> RegionGen.TYPE_NAMES[type];
            case 1 -> String.valueOf((char) ('a' + type));
            default -> RegionGen.TYPE_NAMES[type].toUpperCase(Locale.ROOT);
        };
        JsonNode answer = tables.ask("region", List.of(typeGiven, id), Map.of(), Set.of(), 20);
        RegionGen.Gen want = oracle(regions, type, id);
        ObjectNode expected = GeoOracle.JSON.createObjectNode();
        expected.put("type", RegionGen.TYPE_NAMES[type]);
        expected.put("id", want == null ? id : want.id());
        if (want == null) {
            expected.putNull("properties");
        } else {
            expected.set("properties", want.properties());
        }
        assertNull(
                GeoOracle.difference(expected, answer, 0, "region"),
                "seed " + seed + ": region " + typeGiven + " " + id);
        return want;
    }

    /**
     * The region docs/questions.md says answers: the one of the type whose id is the one asked; else the first of the
     * type, in key order (UTF-8 bytes of the id), whose id is the same in lower case.
     */
    static RegionGen.Gen oracle(List<RegionGen.Gen> regions, int type, String id) {
        List<RegionGen.Gen> same = new ArrayList<>();
        for (RegionGen.Gen g : regions) {
            if (g.type() == type && g.id().equals(id)) {
                return g;
            }
            if (g.type() == type && g.id().toLowerCase(Locale.ROOT).equals(id.toLowerCase(Locale.ROOT))) {
                same.add(g);
            }
        }
        same.sort((a, b) -> GeoOracle.UTF8_ORDER.compare(a.id(), b.id()));
        return same.isEmpty() ? null : same.get(0);
    }
}
