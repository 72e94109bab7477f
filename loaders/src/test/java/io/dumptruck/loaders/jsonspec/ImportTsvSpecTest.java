package io.dumptruck.loaders.jsonspec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.mapreduce.CellCreator;
import org.apache.hadoop.hbase.mapreduce.ImportTsv;
import org.apache.hadoop.hbase.mapreduce.PutCombiner;
import org.apache.hadoop.hbase.mapreduce.PutSortReducer;
import org.apache.hadoop.hbase.mapreduce.TextSortReducer;
import org.apache.hadoop.hbase.mapreduce.TsvImporterMapper;
import org.apache.hadoop.hbase.mapreduce.TsvImporterTextMapper;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.common.base.CharMatcher;
import org.junit.jupiter.api.Test;

/**
 * {@link ImportTsvSpec} against HBase's ImportTsv itself: the keys its classes read are the keys {@link ImportTsvKey}
 * lists (and the docs' table), what ImportTsv refuses is refused, what it takes is taken and read as its own parser
 * reads it, except the refusals the docs give a reason for, and each setting's values are read as Hadoop and ImportTsv
 * read them.
 */
class ImportTsvSpecTest {
    private static final String COLUMNS = "HBASE_ROW_KEY,d:a";
    /** A class ImportTsv cannot load as its HBase connection: the tool stops where it would connect. */
    private static final String NO_CONNECTION = "no.such.Connection";

    @Test
    void theKeysImportTsvReadsAreTheKeysListedAndNoOthers() throws IOException {
        Set<String> read = new TreeSet<>();
        for (Class<?> c : importTsvClasses()) {
            read.addAll(keysIn(c));
        }
        Set<String> listed = new TreeSet<>();
        for (ImportTsvKey k : ImportTsvKey.values()) {
            listed.add(k.key());
            assertEquals(k.key().startsWith("HBASE_"), k.column(), k.key());
        }
        assertEquals(read, listed);
        assertTrue(read.containsAll(Set.of(ImportTsv.DRY_RUN_CONF_KEY, "reducer.row.threshold", "HBASE_CELL_TTL")));
    }

    @Test
    void theDocsListEveryKeyWithItsFateAndWhatItBecomes() throws IOException {
        Path module = Path.of("").toAbsolutePath();
        Path root = Files.exists(module.resolve("docs")) ? module : module.getParent();
        String doc = Files.readString(root.resolve("docs/spec-loader.md"));
        String section = doc.substring(doc.indexOf("## From ImportTsv"));
        section = section.substring(0, section.indexOf("\n## ") < 0 ? section.length() : section.indexOf("\n## "));
        List<String> rows = section.lines()
                .filter(l -> l.startsWith("| `"))
                .map(l -> l.replace("`", ""))
                .toList();
        List<String> expected = Arrays.stream(ImportTsvKey.values())
                .map(k ->
                        "| " + k.key() + " | " + k.fate().name().toLowerCase(Locale.ROOT) + " | " + k.meaning() + " |")
                .toList();
        assertEquals(expected, rows, "docs/spec-loader.md's table, backticks aside, is ImportTsvKey's");
    }

    /**
     * Random columns and separators, ImportTsv's own checks as the oracle: its tool ({@code run} up to where it would
     * connect) and its parser ({@code TsvParser}, which each task builds). Taken here exactly when ImportTsv takes it
     * and no documented refusal applies, and then read as ImportTsv's parser reads it.
     */
    @Test
    void columnsAndSeparatorsAreTakenAsImportTsvTakesThem() throws IOException {
        // ImportTsv passes the separator on, and reads families and qualifiers, in the platform's charset
        assumeTrue(Charset.defaultCharset().equals(StandardCharsets.UTF_8), "a UTF-8 platform, as clusters run");
        String[] pieces = {
            "HBASE_ROW_KEY",
            "HBASE_ROW_KEY",
            "HBASE_TS_KEY",
            "HBASE_ATTRIBUTES_KEY",
            "HBASE_CELL_VISIBILITY",
            "HBASE_CELL_TTL",
            "HBASE_TS_KEYS",
            "hbase_row_key",
            "d",
            "d:",
            "d:a",
            "d:a",
            "d:b",
            "m",
            "m:b:c",
            "é:x",
            "d:é",
            "d:😀",
            "",
            " d:a",
            "d:a ",
            "d:a\u00A0",
            "d:a\u001F",
            "\u2003HBASE_ROW_KEY",
            ":a",
            "d:a\\x41",
            "d:a\\b",
            "_f:a",
            ".f:a",
            "f/g:a",
            "a b:c",
            "d:a b",
            "HBASE_ROW_KEY:x"
        };
        String[] separators = {
            null, "\t", "|", ",", ":", "\"", " ", "\u0000", "\u007F", "§", "é", "😀", "\\t", "", "ab", "\n", "\r",
            "\uD800"
        };
        Random random = new Random(20261207);
        int taken = 0;
        for (int n = 0; n < 4000; n++) {
            List<String> columns = new ArrayList<>();
            for (int i = 1 + random.nextInt(5); i > 0; i--) {
                columns.add(pieces[random.nextInt(pieces.length)]);
            }
            if (random.nextInt(3) > 0 && !columns.contains("HBASE_ROW_KEY")) {
                columns.add(random.nextInt(columns.size() + 1), "HBASE_ROW_KEY");
            }
            Map<String, String> settings = new HashMap<>(Map.of("importtsv.columns", String.join(",", columns)));
            String separator = separators[random.nextInt(separators.length)];
            if (separator != null) {
                settings.put("importtsv.separator", separator);
            }
            String ownRefusal = ownRefusal(columns, separator == null ? "\t" : separator);
            ImportTsvSpec spec = null;
            String refusal = null;
            try {
                spec = ImportTsvSpec.of(settings, "t");
            } catch (IllegalArgumentException e) {
                refusal = e.getMessage();
            }
            String what = settings + " refused: " + refusal + ", own refusal: " + ownRefusal;
            assertEquals(importTsvTakes(settings) && ownRefusal == null, spec != null, what);
            if (spec != null) {
                taken++;
                assertReadAsImportTsvReads(spec, settings);
            }
        }
        assertTrue(taken > 300, taken + " taken");
    }

    @Test
    void everySettingTakesTheValuesImportTsvReadsAndRefusesTheRest() {
        String[] values = {
            "true",
            "false",
            "TRUE",
            " false ",
            "True",
            "yes",
            "no",
            "YES",
            " yes",
            "No",
            "1",
            "0",
            "",
            " ",
            "tru",
            "12",
            " 12 ",
            "0x1F",
            "-5",
            "+7",
            "1e3",
            "yesterday",
            "１２",
            "/out",
            "x y",
            "org.example.Mapper"
        };
        for (ImportTsvKey k : ImportTsvKey.values()) {
            if (k.column()) {
                continue;
            }
            for (String v : values) {
                Map<String, String> settings = Map.of(k.key(), v);
                String refusal = refusal(() -> ImportTsvKey.check(settings));
                Configuration hadoop = new Configuration(false);
                hadoop.set(k.key(), v);
                String what = k.key() + "='" + v + "': " + refusal;
                switch (k.kind()) {
                    case TRUE_FALSE -> { // Hadoop's getBoolean falls back to the default for a value it cannot read
                        boolean readable = hadoop.getBoolean(k.key(), true) == hadoop.getBoolean(k.key(), false);
                        assertEquals(readable && !v.isBlank(), refusal == null, what);
                        if (refusal == null) {
                            assertEquals(hadoop.getBoolean(k.key(), false), k.flag(settings), what);
                        }
                    }
                    case WHOLE_NUMBER -> {
                        Long theirs;
                        try {
                            theirs = hadoop.getLong(k.key(), 0);
                        } catch (NumberFormatException e) {
                            theirs = null;
                        }
                        assertEquals(theirs, refusal == null ? k.number(settings) : null, what);
                    }
                    case YES_NO -> { // ImportTsv: "yes".equalsIgnoreCase(value), anything else is no
                        assertEquals(v.equalsIgnoreCase("yes") || v.equalsIgnoreCase("no"), refusal == null, what);
                        if (refusal == null) {
                            assertEquals("yes".equalsIgnoreCase(v), k.flag(settings), what);
                        }
                    }
                    case PATH -> assertEquals(v.isBlank(), refusal != null, what);
                    default -> assertNull(refusal, what);
                }
                if (refusal != null) {
                    assertTrue(refusal.startsWith(k.key() + " takes ") && refusal.contains("'" + v + "'"), what);
                }
            }
        }
    }

    @Test
    void eachSettingIsTranslatedRefusedOrNotedAsHarmless() {
        ImportTsvSpec plain = spec(Map.of());
        assertEquals(List.of("--output", "DIR", "--live"), plain.loadOptions());
        assertTrue(plain.notes().stream().anyMatch(n -> n.contains("importtsv.skip.bad.lines is true by default")));

        assertEquals(
                List.of("--output", "/o", "--live"),
                spec(Map.of("importtsv.bulk.output", "/o")).loadOptions());
        assertEquals(List.of("--output", "DIR", "--live", "--timestamp", "16"), options("importtsv.timestamp", "0x10"));
        assertEquals(16L, spec(Map.of("importtsv.timestamp", " 16 ")).timestamp());
        assertEquals(
                List.of("--output", "DIR", "--live", "--max-reject-ratio", "1"),
                options("importtsv.skip.bad.lines", "TRUE"));
        assertEquals(
                List.of("--output", "DIR", "--live", "--max-reject-ratio", "0"),
                options("importtsv.skip.bad.lines", "false"));
        ImportTsvSpec dry = spec(Map.of("importtsv.dry.run", "true"));
        assertTrue(
                dry.dryRun() && dry.loadOptions().contains("--dry-run"),
                dry.loadOptions().toString());
        assertFalse(spec(Map.of("importtsv.dry.run", "false")).dryRun());
        assertFalse(spec(Map.of("importtsv.skip.empty.columns", "true")).notes().stream()
                .anyMatch(n -> n.contains("empty field")));
        assertTrue(plain.notes().stream().anyMatch(n -> n.contains("an empty field writes no cell")));

        String textMapper = "org.apache.hadoop.hbase.mapreduce.TsvImporterTextMapper";
        assertEquals(plain, spec(Map.of("importtsv.mapper.class", TsvImporterMapper.class.getName())));
        assertEquals(
                spec(Map.of("importtsv.bulk.output", "/o")),
                spec(Map.of("importtsv.bulk.output", "/o", "importtsv.mapper.class", textMapper)));
        assertEquals(textMapper, TsvImporterTextMapper.class.getName());
        assertEquals(
                List.of("--output", "/o", "--live"),
                spec(Map.of("importtsv.bulk.output", "/o", "create.table", "NO", "no.strict", "false"))
                        .loadOptions());
        assertEquals(plain, spec(Map.of("create.table", "yes", "no.strict", "true"))); // read only with a bulk output
        assertTrue(spec(Map.of("importtsv.bulk.output", "/o")).notes().stream()
                .anyMatch(n -> n.contains("create 't', 'd'")));

        Object[][] refused = {
            {Map.of("importtsv.mapper.class", "com.example.MyMapper"), "importtsv.mapper.class=com.example.MyMapper"},
            {Map.of("importtsv.mapper.class", " " + TsvImporterMapper.class.getName()), "importtsv.mapper.class"},
            {Map.of("importtsv.mapper.class", textMapper), "takes importtsv.bulk.output"},
            {Map.of("importtsv.skip.empty.columns", "false"), "importtsv.skip.empty.columns=false"},
            {
                Map.of(
                        "importtsv.skip.empty.columns",
                        "true",
                        "importtsv.mapper.class",
                        textMapper,
                        "importtsv.bulk.output",
                        "/o"),
                "importtsv.skip.empty.columns=true is not read by TsvImporterTextMapper"
            },
            {Map.of("importtsv.bulk.output", "/o", "create.table", "Yes"), "create.table=Yes"},
            {Map.of("importtsv.bulk.output", "/o", "no.strict", "true"), "no.strict=true"},
            {Map.of("importtsv.timestamp", "-1"), "importtsv.timestamp=-1"},
            {Map.of("importtsv.timestamp", "yesterday"), "importtsv.timestamp takes a whole number"},
            {Map.of("importtsv.dry.run", "yes"), "importtsv.dry.run takes true or false"},
            {Map.of("importtsv.bulk.output", ""), "importtsv.bulk.output takes a directory"},
            {Map.of("importtsv.dryrun", "true"), "importtsv.dryrun is not a setting ImportTsv reads"},
            {Map.of("importtsv.skip.bad.line", "false"), "importtsv.skip.bad.line is not a setting"},
            {Map.of("importtsv.", "x"), "importtsv. is not a setting"},
            {
                Map.of("importtsv.separator", "§"),
                "importtsv.separator takes one byte, as ImportTsv's parser does; '§' is 2"
            },
            {Map.of("importtsv.separator", "\\t"), "a backslash and a t"},
            {Map.of("importtsv.separator", "\n"), "importtsv.separator cannot be a line break"},
            {Map.of("importtsv.columns", "HBASE_ROW_KEY,d:a,HBASE_CELL_TTL"), "HBASE_CELL_TTL in importtsv.columns"},
            {Map.of("importtsv.columns", "HBASE_ROW_KEY,d:a,HBASE_CELL_VISIBILITY"), "HBASE_CELL_VISIBILITY in"},
            {Map.of("importtsv.columns", "HBASE_ROW_KEY,d:a,HBASE_TS_KEYS"), "'HBASE_TS_KEYS' is none of"},
            {Map.of("importtsv.columns", "HBASE_ROW_KEY,d,d:"), "names 'd:' twice"},
            {Map.of("importtsv.columns", "HBASE_ROW_KEY,d:a,"), "column 3 of 3 is empty"},
            {Map.of("importtsv.columns", "HBASE_ROW_KEY, d:a"), "' d:a' has spaces around it"},
        };
        for (Object[] r : refused) {
            @SuppressWarnings("unchecked")
            Map<String, String> settings = (Map<String, String>) r[0];
            String refusal = refusal(() -> spec(settings));
            assertNotNull(refusal, settings.toString());
            assertTrue(refusal.contains((String) r[1]), settings + ": " + refusal);
            assertFalse(refusal.contains("\n"), refusal);
        }

        for (ImportTsvKey k : ImportTsvKey.values()) {
            if (k.fate() == ImportTsvKey.Fate.HARMLESS) {
                String value = k.kind() == ImportTsvKey.Kind.WHOLE_NUMBER
                        ? "1048576"
                        : k.kind() == ImportTsvKey.Kind.TRUE_FALSE ? "true" : "x";
                ImportTsvSpec harmless = spec(Map.of(k.key(), value));
                assertEquals(plain.json(), harmless.json(), k.key());
                assertEquals(plain.loadOptions(), harmless.loadOptions(), k.key());
                assertTrue(
                        harmless.notes()
                                .contains(k.key() + " is not carried, as it changes nothing loaded: " + k.meaning()),
                        harmless.notes().toString());
            } else if (k.fate() == ImportTsvKey.Fate.REFUSED) {
                assertTrue(k.column(), k.key()); // only special columns are refused whatever their value
                String refusal = refusal(() -> spec(Map.of("importtsv.columns", COLUMNS + "," + k.key())));
                assertEquals(k.key() + " in importtsv.columns: " + k.meaning(), refusal);
            }
        }
        assertEquals(plain, spec(Map.of("hbase.zookeeper.quorum", "zk1"))); // not ImportTsv's: not read
    }

    @Test
    void theTableIsAnHBaseTableOfUsers() {
        assertEquals(
                List.of("--output", "DIR", "--live", "--namespace", "ns"),
                ImportTsvSpec.of(Map.of("importtsv.columns", COLUMNS), "ns:t").loadOptions());
        assertEquals(
                "t",
                ImportTsvSpec.of(Map.of("importtsv.columns", COLUMNS), "ns:t").tableName());
        for (String table : List.of("a b", "", "ns:t:u", "hbase:meta")) {
            String refusal = refusal(() -> ImportTsvSpec.of(Map.of("importtsv.columns", COLUMNS), table));
            assertNotNull(refusal, table);
        }
    }

    @Test
    void anAttributesColumnIsReadAndNotWritten() throws IOException {
        ImportTsvSpec spec = spec(Map.of("importtsv.columns", "HBASE_ROW_KEY,HBASE_ATTRIBUTES_KEY,d:a"));
        var json = new ObjectMapper().readTree(spec.json());
        assertEquals(
                "[\"HBASE_ROW_KEY\",\"HBASE_ATTRIBUTES_KEY\",\"d:a\"]",
                json.at("/input/fields").toString());
        assertEquals(1, json.at("/tables/0/cells").size());
    }

    // --- ImportTsv as the oracle

    /**
     * Whether HBase's ImportTsv takes {@code settings}: its tool's checks, run up to where it would connect to HBase,
     * then its parser's, which each of its tasks builds.
     */
    private static boolean importTsvTakes(Map<String, String> settings) {
        Configuration conf = new Configuration(false);
        settings.forEach(conf::set);
        conf.set("hbase.client.connection.impl", NO_CONNECTION);
        ImportTsv tool = new ImportTsv();
        tool.setConf(conf);
        PrintStream err = System.err;
        System.setErr(new PrintStream(OutputStream.nullOutputStream())); // its usage text
        try {
            if (tool.run(new String[] {"t", "/in"}) != 0) {
                return false;
            }
        } catch (NumberFormatException e) {
            return false; // importtsv.timestamp
        } catch (Exception e) {
            assertTrue(String.valueOf(e).contains(NO_CONNECTION), String.valueOf(e));
        } finally {
            System.setErr(err);
        }
        try {
            new ImportTsv.TsvParser(conf.get(ImportTsv.COLUMNS_CONF_KEY), conf.get(ImportTsv.SEPARATOR_CONF_KEY, "\t"));
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * What dumptruck refuses though ImportTsv takes it, each for a reason the docs give: a line break as the separator
     * (no line holds one), a column ImportTsv's parser trims (its tool does not), a cell tag column, a special column's
     * name misspelt, a family HBase (or a directory) cannot take, which ImportTsv finds only when its job runs, and a
     * column named twice.
     */
    private static String ownRefusal(List<String> columns, String separator) {
        if (separator.equals("\n") || separator.equals("\r")) {
            return "a line break";
        }
        Set<String> cells = new HashSet<>();
        for (String column : columns) {
            if (!CharMatcher.whitespace().trimFrom(column).equals(column)) {
                return "spaces around " + column;
            }
            if (column.equals("HBASE_CELL_VISIBILITY") || column.equals("HBASE_CELL_TTL")) {
                return "a cell tag";
            }
            if (Set.of("HBASE_ROW_KEY", "HBASE_TS_KEY", "HBASE_ATTRIBUTES_KEY").contains(column)) {
                continue;
            }
            if (column.startsWith("HBASE_") && !column.contains(":")) {
                return "misspelt";
            }
            String[] parts = column.split(":", 2);
            try {
                ColumnFamilyDescriptorBuilder.isLegalColumnFamilyName(Bytes.toBytes(parts[0]));
            } catch (IllegalArgumentException e) {
                return "family " + parts[0];
            }
            if (parts[0].startsWith("_")) {
                return "family " + parts[0];
            }
            if (!cells.add(parts[0] + ":" + (parts.length == 2 ? parts[1] : ""))) {
                return "twice " + column;
            }
        }
        return null;
    }

    /** The spec reads the fields, the row key, the time and each cell's family and qualifier as ImportTsv's parser. */
    private static void assertReadAsImportTsvReads(ImportTsvSpec spec, Map<String, String> settings)
            throws IOException {
        String columns = settings.get("importtsv.columns");
        String separator = settings.getOrDefault("importtsv.separator", "\t");
        ImportTsv.TsvParser parser = new ImportTsv.TsvParser(columns, separator);
        LoadSpec read = LoadSpec.fromJson(spec.json());
        List<String> fields = Arrays.asList(columns.split(",", -1));
        String what = settings.toString();
        assertEquals(fields, read.fields(), what);
        assertEquals(Bytes.toBytes(separator)[0], (byte) read.delimiter(), what);
        assertFalse(read.quoted(), what);
        LoadSpec.TableMapping table = read.tables().get(0);
        var json = new ObjectMapper().readTree(spec.json());
        assertEquals(
                fields.get(parser.getRowKeyColumnIndex()),
                json.at("/tables/0/rowKey/0/field").asText(),
                what);
        assertEquals(
                parser.hasTimestamp() ? fields.get(parser.getTimestampKeyColumnIndex()) : null,
                table.timestamp() == null ? null : table.timestamp().field(),
                what);
        int cells = 0;
        for (int i = 0; i < fields.size(); i++) {
            if (i == parser.getRowKeyColumnIndex()
                    || i == parser.getTimestampKeyColumnIndex()
                    || i == parser.getAttributesKeyColumnIndex()) {
                continue;
            }
            String field = fields.get(i);
            CellMapping cell = table.cells().stream()
                    .filter(c -> c.field().equals(field))
                    .findFirst()
                    .orElseThrow();
            assertArrayEquals(parser.getFamily(i), Bytes.toBytes(cell.family()), what);
            assertArrayEquals(parser.getQualifier(i), cell.qualifier(), what);
            cells++;
        }
        assertEquals(cells, table.cells().size(), what);
    }

    /** ImportTsv's classes: the tool and its nested classes, its mappers, reducers, combiner and cell creator. */
    private static List<Class<?>> importTsvClasses() {
        List<Class<?>> out = new ArrayList<>(List.of(
                TsvImporterMapper.class,
                TsvImporterTextMapper.class,
                TextSortReducer.class,
                PutSortReducer.class,
                PutCombiner.class,
                CellCreator.class));
        Deque<Class<?>> nested = new ArrayDeque<>(List.of(ImportTsv.class));
        while (!nested.isEmpty()) {
            Class<?> c = nested.pop();
            out.add(c);
            nested.addAll(List.of(c.getDeclaredClasses()));
        }
        return out;
    }

    /** A configuration key ({@code a.b}, {@code a_b}) or a special column ({@code HBASE_…}). */
    private static final Pattern KEY = Pattern.compile("[a-z]+([._][a-z]+)+|HBASE_[A-Z_]+");

    /** The string constants of {@code c}'s class file (its constant pool) that look like a key or special column. */
    private static Set<String> keysIn(Class<?> c) throws IOException {
        try (InputStream file = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class");
                DataInputStream in = new DataInputStream(file)) {
            in.readInt(); // magic
            in.readInt(); // versions
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            List<Integer> strings = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF();
                    case 8 -> strings.add(in.readUnsignedShort()); // a String constant: its text's index
                    case 7, 16, 19, 20 -> in.readUnsignedShort();
                    case 15 -> in.skipNBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
                    case 5, 6 -> {
                        in.readLong();
                        i++; // a long or double takes two entries
                    }
                    default -> throw new IOException(c + ": constant pool tag " + tag);
                }
            }
            Set<String> keys = new TreeSet<>();
            strings.stream()
                    .map(i -> utf8[i])
                    .filter(s -> KEY.matcher(s).matches())
                    .forEach(keys::add);
            return keys;
        }
    }

    // --- helpers

    private static ImportTsvSpec spec(Map<String, String> settings) {
        Map<String, String> all = new HashMap<>(settings);
        all.putIfAbsent("importtsv.columns", COLUMNS);
        return ImportTsvSpec.of(all, "t");
    }

    private static List<String> options(String key, String value) {
        return spec(Map.of(key, value)).loadOptions();
    }

    /** The message of the IllegalArgumentException {@code r} throws, or null. */
    private static String refusal(Runnable r) {
        try {
            r.run();
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }
}
