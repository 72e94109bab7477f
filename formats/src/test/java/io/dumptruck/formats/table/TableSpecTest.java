package io.dumptruck.formats.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.SpecException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.RegionSplitPolicy;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class TableSpecTest {

    // ---------------------------------------------------------------- fixtures

    /** Two families that between them use a non-default value of every setting. */
    private static FamilySpec familyD() {
        return FamilySpec.named("d")
                .withMaxVersions(5)
                .withTtlSeconds(86_400)
                .withBloom(BloomType.ROWCOL)
                .withCompression(Compression.Algorithm.GZ)
                .withBlockSize(8 * 1024)
                .withEncoding(DataBlockEncoding.FAST_DIFF)
                .withInMemory(true);
    }

    private static FamilySpec familyM() {
        return FamilySpec.named("m")
                .withMaxVersions(1)
                .withTtlSeconds(HConstants.FOREVER)
                .withBloom(BloomType.NONE)
                .withCompression(Compression.Algorithm.NONE)
                .withBlockSize(FamilySpec.MIN_BLOCK_SIZE)
                .withEncoding(DataBlockEncoding.PREFIX)
                .withInMemory(false);
    }

    private static FamilySpec familyR() {
        return FamilySpec.named("r")
                .withMaxVersions(Integer.MAX_VALUE)
                .withTtlSeconds(1)
                .withBloom(BloomType.ROW)
                .withCompression(Compression.Algorithm.GZ)
                .withBlockSize(FamilySpec.MAX_BLOCK_SIZE)
                .withEncoding(DataBlockEncoding.DIFF)
                .withInMemory(false);
    }

    private static FamilySpec familyN() {
        return FamilySpec.named("n").withEncoding(DataBlockEncoding.NONE);
    }

    /** Strictly increasing, with 0x00, 0xFF and a backslash (which the \xNN notation must escape). */
    private static List<byte[]> binaryPoints() {
        return List.of(
                new byte[] {0x00},
                new byte[] {0x00, 0x01},
                new byte[] {'a', '\\', 'x', '4', '1'},
                new byte[] {'m', (byte) 0xFF},
                new byte[] {(byte) 0xFF, (byte) 0xFF, 0x00});
    }

    static Stream<Arguments> everyRegionKind() {
        return Stream.of(
                Arguments.of(RegionSplits.single(), null),
                Arguments.of(RegionSplits.explicit(binaryPoints()), "disabled"),
                Arguments.of(RegionSplits.uniform(16), "constant"),
                Arguments.of(RegionSplits.salted(8), "org.example.MyPolicy"),
                Arguments.of(RegionSplits.sampled(12), "busy"));
    }

    // ---------------------------------------------------------------- helpers

    private static void assertSpecEquals(TableSpec expected, TableSpec actual) {
        assertEquals(expected.name(), actual.name(), "name");
        assertEquals(expected.splitPolicy(), actual.splitPolicy(), "splitPolicy");
        assertEquals(expected.families().size(), actual.families().size(), "family count");
        for (int i = 0; i < expected.families().size(); i++) {
            FamilySpec e = expected.families().get(i);
            FamilySpec a = actual.families().get(i);
            String at = "family #" + i + " (" + e.name() + ")";
            assertEquals(e.name(), a.name(), at + " name");
            assertEquals(e.maxVersions(), a.maxVersions(), at + " maxVersions");
            assertEquals(e.ttlSeconds(), a.ttlSeconds(), at + " ttlSeconds");
            assertEquals(e.bloom(), a.bloom(), at + " bloom");
            assertEquals(e.compression(), a.compression(), at + " compression");
            assertEquals(e.blockSize(), a.blockSize(), at + " blockSize");
            assertEquals(e.encoding(), a.encoding(), at + " encoding");
            assertEquals(e.inMemory(), a.inMemory(), at + " inMemory");
        }
        assertRegionsEqual(expected.regions(), actual.regions());
    }

    private static void assertRegionsEqual(RegionSplits expected, RegionSplits actual) {
        assertEquals(expected.kind(), actual.kind(), "regions kind");
        assertEquals(expected.count(), actual.count(), "regions count");
        assertPointsEqual(expected.points(), actual.points());
    }

    static void assertPointsEqual(List<byte[]> expected, List<byte[]> actual) {
        assertEquals(
                expected.size(),
                actual.size(),
                () -> "number of points: expected " + show(expected) + " got " + show(actual));
        for (int i = 0; i < expected.size(); i++) {
            int k = i;
            assertTrue(
                    Arrays.equals(expected.get(i), actual.get(i)),
                    () -> "point " + k + ": expected " + show(expected) + " got " + show(actual));
        }
    }

    static String show(List<byte[]> points) {
        List<String> out = new ArrayList<>();
        points.forEach(p -> out.add(Bytes.toStringBinary(p)));
        return out.toString();
    }

    private static SpecException specError(org.junit.jupiter.api.function.Executable e) {
        return assertThrows(SpecException.class, e);
    }

    private static void assertMessageContains(Throwable t, String... parts) {
        assertNotNull(t.getMessage(), "exception without message");
        for (String p : parts) {
            assertTrue(t.getMessage().contains(p), () -> "message '" + t.getMessage() + "' should mention '" + p + "'");
        }
    }

    private static String json(String singleQuoted) {
        return singleQuoted.replace('\'', '"');
    }

    // ---------------------------------------------------------------- JSON round trip

    @ParameterizedTest
    @MethodSource("everyRegionKind")
    void jsonRoundTripKeepsEverySetting(RegionSplits regions, String policy) {
        TableSpec spec = new TableSpec("events_2024-v1.x", List.of(familyD(), familyM()), regions, policy);

        TableSpec back = TableSpecJson.fromJson(TableSpecJson.toJson(spec));
        assertSpecEquals(spec, back);

        TableSpec pretty = TableSpecJson.fromJson(TableSpecJson.toPrettyJson(spec));
        assertSpecEquals(spec, pretty);

        // and once more: the JSON a read spec writes is the JSON it was read from
        assertEquals(TableSpecJson.toJson(spec), TableSpecJson.toJson(back));
    }

    @Test
    void whatWroteATableSurvivesJsonAndAWrongOneIsRefused() {
        WrittenBy by = new WrittenBy("events", Map.of("layout", "numeric", "buckets", "8"));
        TableSpec spec = TableSpec.of("log_data", familyD()).withWrittenBy(by);
        TableSpec back = TableSpecJson.fromJson(TableSpecJson.toPrettyJson(spec));
        assertEquals(by, back.writtenBy());
        assertEquals("numeric", back.writtenBy().option("layout", "bucketed"));
        assertEquals("bucketed", back.writtenBy().option("absent", "bucketed"));
        assertEquals(by, back.withRegions(RegionSplits.uniform(4)).writtenBy(), "a copy keeps what wrote it");
        assertNull(TableSpecJson.fromJson(TableSpecJson.toJson(TableSpec.of("t", familyD())))
                .writtenBy());
        String json = TableSpecJson.toJson(spec);
        assertThrows(SpecException.class, () -> TableSpecJson.fromJson(json.replace("\"numeric\"", "7")));
        assertThrows(SpecException.class, () -> TableSpecJson.fromJson(json.replace("\"loader\":\"events\",", "")));
        assertThrows(SpecException.class, () -> TableSpecJson.fromJson(json.replace("\"loader\"", "\"loaded\"")));
    }

    @Test
    void jsonRoundTripCoversEveryBloomCompressionAndEncoding() {
        TableSpec spec = new TableSpec(
                "all",
                List.of(familyD(), familyM(), familyR(), familyN()),
                RegionSplits.explicit(binaryPoints()),
                "stepping");
        TableSpec back = TableSpecJson.fromJson(TableSpecJson.toJson(spec));
        assertSpecEquals(spec, back);

        assertEquals(
                List.of(BloomType.ROWCOL, BloomType.NONE, BloomType.ROW, BloomType.ROW),
                back.families().stream().map(FamilySpec::bloom).toList());
        assertEquals(
                List.of(
                        DataBlockEncoding.FAST_DIFF,
                        DataBlockEncoding.PREFIX,
                        DataBlockEncoding.DIFF,
                        DataBlockEncoding.NONE),
                back.families().stream().map(FamilySpec::encoding).toList());
        assertEquals(
                List.of(
                        Compression.Algorithm.GZ,
                        Compression.Algorithm.NONE,
                        Compression.Algorithm.GZ,
                        Compression.Algorithm.NONE),
                back.families().stream().map(FamilySpec::compression).toList());
    }

    @Test
    void explicitBinarySplitPointsSurviveJson() {
        TableSpec spec = TableSpec.of("t", FamilySpec.named("f")).withRegions(RegionSplits.explicit(binaryPoints()));
        String text = TableSpecJson.toJson(spec);
        TableSpec back = TableSpecJson.fromJson(text);
        assertEquals(RegionSplits.Kind.EXPLICIT, back.regions().kind());
        assertEquals(binaryPoints().size() + 1, back.regions().count());
        assertPointsEqual(binaryPoints(), back.regions().points());
        assertPointsEqual(binaryPoints(), back.regions().splitPoints());
    }

    @Test
    void explicitSplitPointsAreReadInShellNotation() {
        TableSpec spec = TableSpecJson.fromJson("{\"name\": \"t\", \"families\": [{\"name\": \"f\"}],"
                + " \"regions\": {\"kind\": \"EXPLICIT\", \"splitPoints\": [\"\\\\x00\", \"g\", \"p\\\\xFF\"]}}");
        assertPointsEqual(
                List.of(new byte[] {0}, new byte[] {'g'}, new byte[] {'p', (byte) 0xFF}),
                spec.regions().points());
    }

    @Test
    void listRoundTripAndSingleObjectAsList() {
        TableSpec a = new TableSpec("a", List.of(familyD()), RegionSplits.uniform(4), "disabled");
        TableSpec b = new TableSpec("b", List.of(familyM(), familyR()), RegionSplits.explicit(binaryPoints()), null);
        List<TableSpec> back = TableSpecJson.listFromJson(TableSpecJson.toJson(List.of(a, b)));
        assertEquals(2, back.size());
        assertSpecEquals(a, back.get(0));
        assertSpecEquals(b, back.get(1));

        List<TableSpec> one = TableSpecJson.listFromJson(TableSpecJson.toJson(a));
        assertEquals(1, one.size());
        assertSpecEquals(a, one.get(0));
    }

    @Test
    void omittedFamilyFieldsTakeDefaults() {
        TableSpec spec = TableSpecJson.fromJson(
                json("{'name': 't', 'families': [{'name': 'f'}, {'name': 'g', 'maxVersions': 3}]}"));
        FamilySpec f = spec.families().get(0);
        assertEquals("f", f.name());
        assertEquals(1, f.maxVersions());
        assertEquals(HConstants.FOREVER, f.ttlSeconds());
        assertFalse(f.hasTtl());
        assertEquals(BloomType.ROW, f.bloom());
        assertEquals(Compression.Algorithm.NONE, f.compression());
        assertEquals(HConstants.DEFAULT_BLOCKSIZE, f.blockSize());
        assertEquals(64 * 1024, f.blockSize());
        assertEquals(DataBlockEncoding.NONE, f.encoding());
        assertFalse(f.inMemory());
        assertEquals(FamilySpec.named("f"), f);

        FamilySpec g = spec.families().get(1);
        assertEquals(FamilySpec.named("g").withMaxVersions(3), g);

        assertEquals(RegionSplits.Kind.SINGLE, spec.regions().kind());
        assertEquals(1, spec.regions().count());
        assertTrue(spec.regions().splitPoints().isEmpty());
        assertNull(spec.splitPolicy());
    }

    @Test
    void compressionAndEnumsAreCaseInsensitiveInJson() {
        TableSpec spec = TableSpecJson.fromJson(json("{'name': 't', 'families': [{'name': 'f', 'compression': 'gz',"
                + " 'bloom': 'rowcol', 'encoding': 'fast_diff'}], 'regions': {'kind': 'Uniform', 'count': 8}}"));
        FamilySpec f = spec.families().get(0);
        assertEquals(Compression.Algorithm.GZ, f.compression());
        assertEquals(BloomType.ROWCOL, f.bloom());
        assertEquals(DataBlockEncoding.FAST_DIFF, f.encoding());
        assertEquals(RegionSplits.Kind.UNIFORM, spec.regions().kind());
        assertEquals(8, spec.regions().count());
    }

    @Test
    void familyAccessors() {
        TableSpec spec = TableSpec.of("t", familyD(), familyM());
        assertEquals(List.of("d", "m"), spec.familyNames());
        assertEquals(1, spec.familyIndex("m"));
        assertEquals(-1, spec.familyIndex("zz"));
        assertEquals(familyD(), spec.family("d"));
        assertMessageContains(specError(() -> spec.family("zz")), "'zz'", "'t'");
        assertArrayEquals(new byte[] {'d'}, familyD().nameBytes());
        assertTrue(familyD().hasTtl());
    }

    // ---------------------------------------------------------------- table names

    static Stream<Arguments> badTableNames() {
        return Stream.of(
                Arguments.of("..", "'..'"),
                Arguments.of("a/b", "'a/b'"),
                Arguments.of("x\u0001y", "'x\\x01y'"),
                Arguments.of(".hidden", "'.hidden'"),
                Arguments.of("-x", "'-x'"),
                Arguments.of("ns:t", "'ns:t'"));
    }

    @ParameterizedTest
    @MethodSource("badTableNames")
    void badTableNamesAreRejected(String name, String shown) {
        SpecException e = specError(() -> TableSpec.of(name, FamilySpec.named("f")));
        assertMessageContains(e, "table name " + shown, "not allowed");

        String text = "{\"name\": " + com.fasterxml.jackson.databind.node.TextNode.valueOf(name)
                + ", \"families\": [{\"name\": \"f\"}]}";
        assertMessageContains(specError(() -> TableSpecJson.fromJson(text)), "table name " + shown);
    }

    @Test
    void emptyTableNameIsRejected() {
        assertMessageContains(specError(() -> TableSpec.of("", FamilySpec.named("f"))), "table", "name");
        assertMessageContains(specError(() -> TableSpec.of(null, FamilySpec.named("f"))), "table", "name");
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(json("{'families': [{'name': 'f'}]}"))), "\"name\"", "required");
    }

    @ParameterizedTest
    @ValueSource(strings = {"t", "T_1", "a-b.c", "events.2024", "x9"})
    void goodTableNamesPass(String name) {
        assertEquals(name, TableSpec.of(name, FamilySpec.named("f")).name());
    }

    @Test
    void namesTooLongForHBaseOrTheFileSystemAreRejected() {
        assertEquals(
                255, TableSpec.of("t".repeat(255), FamilySpec.named("f")).name().length());
        assertMessageContains(
                specError(() -> TableSpec.of("t".repeat(256), FamilySpec.named("f"))), "256 bytes long", "at most 255");
        assertEquals(127, FamilySpec.named("f".repeat(127)).name().length());
        assertMessageContains(specError(() -> FamilySpec.named("f".repeat(128))), "128 bytes long", "at most 127");
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(
                        "{\"name\": \"t\", \"families\": [{\"name\": \"" + "f".repeat(200) + "\"}]}")),
                "at most 127");
    }

    // ---------------------------------------------------------------- family names

    static Stream<Arguments> badFamilyNames() {
        return Stream.of(
                Arguments.of("a:b", "'a:b'"),
                Arguments.of(".f", "'.f'"),
                Arguments.of("..", "'..'"),
                Arguments.of("_meta", "'_meta'"),
                Arguments.of("a\u0001b", "'a\\x01b'"),
                Arguments.of("a\tb", "'a\\x09b'"),
                Arguments.of("a/b", "'a/b'"));
    }

    @ParameterizedTest
    @MethodSource("badFamilyNames")
    void badFamilyNamesAreRejected(String name, String shown) {
        assertMessageContains(specError(() -> FamilySpec.named(name)), "family name " + shown, "not allowed");

        String text = "{\"name\": \"t\", \"families\": [{\"name\": "
                + com.fasterxml.jackson.databind.node.TextNode.valueOf(name) + "}]}";
        assertMessageContains(specError(() -> TableSpecJson.fromJson(text)), "family name " + shown);
    }

    @Test
    void emptyFamilyNameIsRejected() {
        assertMessageContains(specError(() -> FamilySpec.named("")), "family", "name");
        assertMessageContains(specError(() -> FamilySpec.named(null)), "family", "name");
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(json("{'name': 't', 'families': [{'name': ''}]}"))),
                "family",
                "name");
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(json("{'name': 't', 'families': [{'maxVersions': 2}]}"))),
                "\"name\"",
                "required");
    }

    @Test
    void duplicateFamilyIsRejected() {
        assertMessageContains(
                specError(() -> TableSpec.of(
                        "t",
                        FamilySpec.named("f"),
                        familyD(),
                        FamilySpec.named("f").withMaxVersions(2))),
                "'f'",
                "twice",
                "'t'");
        assertMessageContains(
                specError(() ->
                        TableSpecJson.fromJson(json("{'name': 't', 'families': [{'name': 'f'}, {'name': 'f'}]}"))),
                "'f'",
                "twice");
    }

    @Test
    void zeroFamiliesAreRejected() {
        assertMessageContains(specError(() -> TableSpec.of("t")), "'t'", "at least one family");
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(json("{'name': 't', 'families': []}"))),
                "'t'",
                "at least one family");
        assertMessageContains(specError(() -> TableSpecJson.fromJson(json("{'name': 't'}"))), "'t'", "\"families\"");
    }

    // ---------------------------------------------------------------- family settings

    @Test
    void maxVersionsZeroIsRejected() {
        assertMessageContains(specError(() -> FamilySpec.named("f").withMaxVersions(0)), "'f'", "maxVersions", "0");
        assertMessageContains(
                specError(() ->
                        TableSpecJson.fromJson(json("{'name': 't', 'families': [{'name': 'f', 'maxVersions': 0}]}"))),
                "'f'",
                "maxVersions");
    }

    @Test
    void nonPositiveTtlIsRejected() {
        assertMessageContains(specError(() -> FamilySpec.named("f").withTtlSeconds(0)), "'f'", "ttlSeconds");
    }

    @ParameterizedTest
    @ValueSource(ints = {512, 1023, 16 * 1024 * 1024 + 1, 32 * 1024 * 1024})
    void blockSizeOutOfBoundsIsRejected(int size) {
        assertMessageContains(
                specError(() -> FamilySpec.named("f").withBlockSize(size)), "'f'", "blockSize", Integer.toString(size));
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(
                        json("{'name': 't', 'families': [{'name': 'f', 'blockSize': " + size + "}]}"))),
                "blockSize",
                Integer.toString(size));
    }

    @Test
    void blockSizeBoundsAreInclusive() {
        assertEquals(1024, FamilySpec.named("f").withBlockSize(1024).blockSize());
        assertEquals(
                16 * 1024 * 1024,
                FamilySpec.named("f").withBlockSize(16 * 1024 * 1024).blockSize());
    }

    @Test
    void rowPrefixBloomIsRejected() {
        assertMessageContains(
                specError(() -> FamilySpec.named("f").withBloom(BloomType.ROWPREFIX_FIXED_LENGTH)),
                "'f'",
                "bloom",
                "ROWPREFIX_FIXED_LENGTH");
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(
                        json("{'name': 't', 'families': [{'name': 'f', 'bloom': 'ROWPREFIX_FIXED_LENGTH'}]}"))),
                "bloom",
                "ROWPREFIX_FIXED_LENGTH");
        assertMessageContains(
                specError(() ->
                        TableSpecJson.fromJson(json("{'name': 't', 'families': [{'name': 'f', 'bloom': 'BLOOMY'}]}"))),
                "bloom",
                "BLOOMY");
    }

    @Test
    void rowIndexEncodingIsRejected() {
        assertMessageContains(
                specError(() -> FamilySpec.named("f").withEncoding(DataBlockEncoding.ROW_INDEX_V1)),
                "'f'",
                "encoding",
                "ROW_INDEX_V1");
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(
                        json("{'name': 't', 'families': [{'name': 'f', 'encoding': 'ROW_INDEX_V1'}]}"))),
                "encoding",
                "ROW_INDEX_V1");
    }

    @Test
    void unknownCompressionIsRejected() {
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(
                        json("{'name': 't', 'families': [{'name': 'f', 'compression': 'foo'}]}"))),
                "'f'",
                "compression",
                "'foo'");
    }

    @Test
    void wrongJsonTypesAreRejected() {
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(
                        json("{'name': 't', 'families': [{'name': 'f', 'maxVersions': 'three'}]}"))),
                "maxVersions");
        assertMessageContains(
                specError(() ->
                        TableSpecJson.fromJson(json("{'name': 't', 'families': [{'name': 'f', 'maxVersions': 1.5}]}"))),
                "maxVersions");
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(
                        json("{'name': 't', 'families': [{'name': 'f', 'blockSize': 99999999999}]}"))),
                "blockSize");
        assertMessageContains(
                specError(() ->
                        TableSpecJson.fromJson(json("{'name': 't', 'families': [{'name': 'f', 'inMemory': 'yes'}]}"))),
                "inMemory");
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(json("{'name': 't', 'families': {'name': 'f'}}"))), "families");
        assertMessageContains(specError(() -> TableSpecJson.fromJson("[1, 2]")), "JSON object");
    }

    // ---------------------------------------------------------------- JSON structure errors

    @Test
    void unknownTableFieldIsRejectedListingKnownFields() {
        SpecException e = specError(() -> TableSpecJson.fromJson(json("{'name': 't', 'familes': [{'name': 'f'}]}")));
        assertMessageContains(e, "\"familes\"", "families", "name", "regions", "splitPolicy");
    }

    @Test
    void unknownFamilyAndRegionFieldsAreRejected() {
        assertMessageContains(
                specError(() ->
                        TableSpecJson.fromJson(json("{'name': 't', 'families': [{'name': 'f', 'maxVersion': 2}]}"))),
                "\"maxVersion\"",
                "maxVersions",
                "blockSize");
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(
                        json("{'name': 't', 'families': [{'name': 'f'}], 'regions': {'kind': 'uniform', 'cout': 4}}"))),
                "\"cout\"",
                "count");
    }

    @Test
    void regionErrorsInJson() {
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(
                        json("{'name': 't', 'families': [{'name': 'f'}], 'regions': {'kind': 'uniform'}}"))),
                "count");
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(
                        json("{'name': 't', 'families': [{'name': 'f'}], 'regions': {'kind': 'explicit'}}"))),
                "splitPoints");
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(
                        json("{'name': 't', 'families': [{'name': 'f'}], 'regions': {'kind': 'hashed', 'count': 2}}"))),
                "'hashed'");
        assertMessageContains(
                specError(
                        () -> TableSpecJson.fromJson(
                                json(
                                        "{'name': 't', 'families': [{'name': 'f'}], 'regions': {'kind': 'explicit', 'splitPoints': ['b', 'a']}}"))),
                "strictly increasing");
        assertMessageContains(
                specError(() -> TableSpecJson.fromJson(json(
                        "{'name': 't', 'families': [{'name': 'f'}], 'regions': {'kind': 'salted', 'count': 300}}"))),
                "300");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"name\": \"t\", \"families\": [}", "{name: t}", "{\"name\": \"t\",", "not json at all"})
    void invalidJsonIsASpecException(String text) {
        assertMessageContains(specError(() -> TableSpecJson.fromJson(text)), "not valid JSON");
        assertMessageContains(specError(() -> TableSpecJson.listFromJson(text)), "not valid JSON");
    }

    // ---------------------------------------------------------------- split policy

    static Stream<Arguments> policyShortNames() {
        String p = "org.apache.hadoop.hbase.regionserver.";
        return Stream.of(
                Arguments.of("constant", p + "ConstantSizeRegionSplitPolicy"),
                Arguments.of("increasing", p + "IncreasingToUpperBoundRegionSplitPolicy"),
                Arguments.of("stepping", p + "SteppingSplitPolicy"),
                Arguments.of("disabled", p + "DisabledRegionSplitPolicy"),
                Arguments.of("busy", p + "BusyRegionSplitPolicy"),
                Arguments.of("Disabled", p + "DisabledRegionSplitPolicy"),
                Arguments.of("KeyPrefixRegionSplitPolicy", p + "KeyPrefixRegionSplitPolicy"),
                Arguments.of(p + "DelimitedKeyPrefixRegionSplitPolicy", p + "DelimitedKeyPrefixRegionSplitPolicy"));
    }

    @ParameterizedTest
    @MethodSource("policyShortNames")
    void splitPolicyNamesMapToHBaseClasses(String given, String expected) throws Exception {
        TableSpec spec = TableSpec.of("t", FamilySpec.named("f")).withSplitPolicy(given);
        assertEquals(expected, spec.splitPolicy());
        Class<?> c = Class.forName(spec.splitPolicy());
        assertTrue(RegionSplitPolicy.class.isAssignableFrom(c), c + " is not a RegionSplitPolicy");
        assertEquals(expected, spec.toDescriptor().getRegionSplitPolicyClassName());
    }

    @Test
    void customPolicyClassIsKeptAsIs() {
        assertEquals(
                "com.example.My$Policy",
                TableSpec.of("t", FamilySpec.named("f"))
                        .withSplitPolicy("com.example.My$Policy")
                        .splitPolicy());
    }

    @Test
    void emptyOrNullPolicyKeepsClusterDefault() {
        assertNull(TableSpec.of("t", FamilySpec.named("f")).withSplitPolicy("").splitPolicy());
        assertNull(
                TableSpec.of("t", FamilySpec.named("f")).withSplitPolicy(null).splitPolicy());
        assertNull(TableSpec.of("t", FamilySpec.named("f")).toDescriptor().getRegionSplitPolicyClassName());
    }

    @ParameterizedTest
    @ValueSource(strings = {"a b", "1abc", "com..Foo", "com.example.", "a-b", "x;rm -rf"})
    void junkSplitPolicyIsRejected(String policy) {
        assertMessageContains(
                specError(() -> TableSpec.of("t", FamilySpec.named("f")).withSplitPolicy(policy)),
                "split policy '" + policy + "'");
    }

    /**
     * The short names are matched case-insensitively; that must not depend on the JVM's default locale. In a Turkish
     * locale "DISABLED".toLowerCase() is "dısabled" (dotless i).
     */
    @Test
    void splitPolicyShortNamesDoNotDependOnDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("tr-TR"));
            assertEquals(
                    "org.apache.hadoop.hbase.regionserver.DisabledRegionSplitPolicy",
                    TableSpec.of("t", FamilySpec.named("f"))
                            .withSplitPolicy("DISABLED")
                            .splitPolicy());
            assertEquals(
                    "org.apache.hadoop.hbase.regionserver.IncreasingToUpperBoundRegionSplitPolicy",
                    TableSpec.of("t", FamilySpec.named("f"))
                            .withSplitPolicy("INCREASING")
                            .splitPolicy());
        } finally {
            Locale.setDefault(saved);
        }
    }

    // ---------------------------------------------------------------- HBase descriptors

    @Test
    void familyDescriptorCarriesEverySetting() {
        for (FamilySpec f : List.of(familyD(), familyM(), familyR(), familyN())) {
            ColumnFamilyDescriptor d = f.toDescriptor();
            String at = "family " + f.name();
            assertEquals(f.name(), d.getNameAsString(), at);
            assertEquals(f.maxVersions(), d.getMaxVersions(), at);
            assertEquals(f.ttlSeconds(), d.getTimeToLive(), at);
            assertEquals(f.bloom(), d.getBloomFilterType(), at);
            assertEquals(f.compression(), d.getCompressionType(), at);
            assertEquals(f.blockSize(), d.getBlocksize(), at);
            assertEquals(f.encoding(), d.getDataBlockEncoding(), at);
            assertEquals(f.inMemory(), d.isInMemory(), at);
        }
        ColumnFamilyDescriptor d = familyD().toDescriptor();
        assertEquals(5, d.getMaxVersions());
        assertEquals(86_400, d.getTimeToLive());
        assertEquals(BloomType.ROWCOL, d.getBloomFilterType());
        assertEquals(Compression.Algorithm.GZ, d.getCompressionType());
        assertEquals(8192, d.getBlocksize());
        assertEquals(DataBlockEncoding.FAST_DIFF, d.getDataBlockEncoding());
        assertTrue(d.isInMemory());
    }

    @Test
    void tableDescriptorHasAllFamiliesAndPolicy() {
        TableSpec spec = new TableSpec("t1", List.of(familyD(), familyM()), RegionSplits.uniform(4), "disabled");
        TableDescriptor d = spec.toDescriptor();
        assertEquals("t1", d.getTableName().getNameAsString());
        assertEquals(2, d.getColumnFamilyCount());
        assertEquals(5, d.getColumnFamily(Bytes.toBytes("d")).getMaxVersions());
        assertEquals(
                DataBlockEncoding.PREFIX, d.getColumnFamily(Bytes.toBytes("m")).getDataBlockEncoding());
        assertEquals(
                "org.apache.hadoop.hbase.regionserver.DisabledRegionSplitPolicy", d.getRegionSplitPolicyClassName());
    }

    @Test
    void gzAndNoneCodecsAreAvailable() {
        TableSpec spec = TableSpec.of("t", familyD(), familyM(), familyR());
        assertDoesNotThrow(spec::checkCodecsAvailable);
        assertDoesNotThrow(familyD()::checkCodecAvailable);
        assertDoesNotThrow(FamilySpec.named("f")::checkCodecAvailable);
    }

    @Test
    void nullRegionsMeanOneRegion() {
        TableSpec spec = new TableSpec("t", List.of(FamilySpec.named("f")), null, null);
        assertEquals(RegionSplits.Kind.SINGLE, spec.regions().kind());
        assertTrue(spec.regions().splitPoints().isEmpty());
    }
}
