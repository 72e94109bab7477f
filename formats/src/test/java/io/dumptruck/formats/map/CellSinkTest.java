package io.dumptruck.formats.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.formats.FormatConf;
import io.dumptruck.formats.reduce.SumLongFold;
import io.dumptruck.formats.shuffle.CellKey;
import io.dumptruck.formats.shuffle.CellRun;
import io.dumptruck.formats.table.FamilyRef;
import io.dumptruck.formats.table.FamilySpec;
import io.dumptruck.formats.table.JobTables;
import io.dumptruck.formats.table.TableSpec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MapContext;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.MapContextImpl;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;

/**
 * {@link CellSink#commit}: a record's cells leave in key order, equal keys in the order they were put, one shuffle
 * record per table and row (one per cell in a folded table). Checked against a stable sort of the same cells by
 * {@link CellKey#compareTo} on random records of up to 12 cells over a few tables, rows (some sharing prefixes, of
 * other lengths), families, qualifiers and times.
 */
class CellSinkTest {
    private static final List<String> TABLES = List.of("a", "b", "folded");

    /** One cell as put: its key, its value (the put's sequence number, to see the order of equal keys). */
    private record Put(CellKey key, byte[] value) {}

    @Test
    void commitWritesTheRecordSortedOneRecordPerRow() throws Exception {
        List<CellKey> keys = new ArrayList<>();
        List<CellRun> runs = new ArrayList<>();
        CellSink sink = CellSink.of(context(keys, runs));
        List<FamilyRef> families = new ArrayList<>();
        for (String t : TABLES) {
            families.add(sink.family(t, "f"));
            families.add(sink.family(t, "g"));
        }
        Random random = new Random(7);
        byte[][] rows = {{1}, {1, 0}, {1, 0, 0}, {2}, {(byte) 0xFF}, {1, 2, 3, 4, 5, 6, 7, 8, 9}};
        byte[][] qualifiers = {{}, {'a'}, {'a', 'b'}, {'b'}, {(byte) 0x80}};
        int sequence = 0;
        int multiRowRecords = 0;
        for (int record = 0; record < 3000; record++) {
            keys.clear();
            runs.clear();
            List<Put> puts = new ArrayList<>();
            sink.begin();
            int cells = 1 + random.nextInt(12);
            for (int c = 0; c < cells; c++) {
                FamilyRef f = families.get(random.nextInt(families.size()));
                byte[] row = rows[random.nextInt(random.nextBoolean() ? 2 : rows.length)];
                byte[] qualifier = qualifiers[random.nextInt(qualifiers.length)];
                long ts = random.nextInt(3);
                byte[] value = Integer.toString(sequence++).getBytes();
                sink.put(f, row, qualifier, ts, value);
                puts.add(new Put(new CellKey(f.table(), f.family(), row, qualifier, ts), value));
            }
            sink.commit();

            List<Put> expected = new ArrayList<>(puts);
            expected.sort(Comparator.comparing(Put::key)); // List.sort is stable
            List<Put> written = new ArrayList<>();
            for (int i = 0; i < keys.size(); i++) {
                CellRun.Reader cellsOfRun = new CellRun.Reader()
                        .reset(keys.get(i), runs.get(i).bytes(), runs.get(i).length());
                int inRun = 0;
                do { // reset made the run's first cell current
                    CellKey k = new CellKey().copyFrom(cellsOfRun.key());
                    assertTrue(k.sameRow(keys.get(i)), "a run holds one row: " + k + " in the run of " + keys.get(i));
                    written.add(new Put(
                            k,
                            Arrays.copyOfRange(
                                    cellsOfRun.valueBuffer(),
                                    cellsOfRun.valueOffset(),
                                    cellsOfRun.valueOffset() + cellsOfRun.valueLength())));
                    inRun++;
                } while (cellsOfRun.next());
                if (TABLES.get(keys.get(i).table()).equals("folded")) {
                    assertEquals(1, inRun, "a folded table's cells travel one per record");
                } else if (i > 0) {
                    assertTrue(
                            !keys.get(i).sameRow(keys.get(i - 1)),
                            "one record per row: " + keys.get(i) + " follows its own row");
                }
            }
            assertEquals(render(expected), render(written), "record " + record);
            if (keys.stream()
                            .map(k -> k.table() + ":" + Arrays.toString(k.row()))
                            .distinct()
                            .count()
                    > 1) {
                multiRowRecords++;
            }
        }
        assertTrue(multiRowRecords > 1000, "records over several rows: " + multiRowRecords);
    }

    private static List<String> render(List<Put> puts) {
        return puts.stream().map(p -> p.key() + "=" + new String(p.value())).toList();
    }

    /** A real map context whose record writer keeps what the sink writes. */
    private static MapContext<Object, Object, CellKey, CellRun> context(List<CellKey> keys, List<CellRun> runs) {
        Configuration conf = new Configuration(false);
        List<TableSpec> specs = new ArrayList<>();
        for (String t : TABLES) {
            specs.add(TableSpec.of(t, FamilySpec.named("f"), FamilySpec.named("g")));
        }
        JobTables.set(conf, specs);
        conf.set(FormatConf.OUTPUT_FOLD_PREFIX + "folded", SumLongFold.class.getName());
        RecordWriter<CellKey, CellRun> writer = new RecordWriter<>() {
            @Override
            public void write(CellKey key, CellRun value) {
                keys.add(new CellKey().copyFrom(key));
                runs.add(copyOf(value));
            }

            @Override
            public void close(TaskAttemptContext context) {}
        };
        return new MapContextImpl<>(
                conf, new TaskAttemptID(), null, writer, null, new TaskAttemptContextImpl.DummyReporter(), null);
    }

    private static CellRun copyOf(CellRun run) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            run.write(new DataOutputStream(bytes));
            CellRun copy = new CellRun();
            copy.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
