package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dumptruck.formats.testing.LocalJobs;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code query --json}'s {@code arguments} (docs/questions.md, "Order, limit and defaults"): every argument given,
 * every option with a value as given or its default, a secret one as {@code (secret)}, and {@code limit} — as given, or
 * 20 — exactly for an asking that lists what it cuts ({@code follows USER}, not {@code follows USER OTHER}).
 */
class QueryArgumentsTest {
    @TempDir
    File tmp;

    static final ObjectMapper JSON = new ObjectMapper();

    private void write(String table, KeyValue... cells) throws Exception {
        Configuration conf = LocalJobs.localConf();
        List<KeyValue> sorted = new ArrayList<>(List.of(cells));
        sorted.sort(org.apache.hadoop.hbase.CellComparator.getInstance());
        String family = Bytes.toString(
                sorted.get(0).getFamilyArray(),
                sorted.get(0).getFamilyOffset(),
                sorted.get(0).getFamilyLength());
        StoreFileWriter w = new StoreFileWriter.Builder(conf, CacheConfig.DISABLED, FileSystem.getLocal(conf))
                .withFilePath(new Path(new File(tmp, table).getAbsolutePath(), family + "/0a"))
                .withFileContext(new HFileContextBuilder().build())
                .build();
        for (KeyValue kv : sorted) {
            w.append(kv);
        }
        w.close();
    }

    private static byte[] digest(String algorithm, String s) throws Exception {
        return MessageDigest.getInstance(algorithm).digest(s.getBytes(StandardCharsets.UTF_8));
    }

    private static KeyValue cell(byte[] row, String family, String qualifier, byte[] value) {
        return new KeyValue(row, Bytes.toBytes(family), Bytes.toBytes(qualifier), 1L, KeyValue.Type.Put, value);
    }

    private JsonNode arguments(String... argv) {
        List<String> args = new ArrayList<>(List.of("query"));
        args.addAll(List.of(argv));
        args.add("--json");
        CliTest.Run r = CliTest.run(args.toArray(new String[0]));
        assertEquals(0, r.code(), r.err());
        try {
            return JSON.readTree(r.out()).get("arguments");
        } catch (Exception e) {
            throw new AssertionError(r.out(), e);
        }
    }

    @Test
    void argumentsHoldWhatWasAskedDefaultsAndTheLimitOfAListing() throws Exception {
        write("follows", cell(Bytes.add(digest("MD5", "alice"), digest("MD5", "bob")), "f", "bob", new byte[0]));
        write("cookie_url_count", cell(Bytes.toBytes("v"), "d", "20240101", Bytes.toBytes(3L)));
        write("usertable", cell(Bytes.toBytes("jim"), "info", "password", digest("SHA-256", "pw")));
        String follows = new File(tmp, "follows").getPath();
        String counts = new File(tmp, "cookie_url_count").getPath();

        assertEquals(JSON.readTree("{\"USER\": \"alice\", \"limit\": 20}"), arguments("follows", follows, "alice"));
        assertEquals(
                JSON.readTree("{\"USER\": \"alice\", \"limit\": 3}"),
                arguments("follows", follows, "alice", "--limit", "3"));
        assertEquals(
                JSON.readTree("{\"USER\": \"alice\", \"OTHER\": \"bob\"}"),
                arguments("follows", follows, "alice", "bob"),
                "follows USER OTHER answers one thing: no limit");
        assertEquals(JSON.readTree("{\"VISITOR\": \"v\", \"days\": \"7\"}"), arguments("daily", counts, "v"));
        assertEquals(
                JSON.readTree("{\"VISITOR\": \"v\", \"days\": \"2\", \"to\": \"20240102\"}"),
                arguments("daily", counts, "v", "--days", "2", "--to", "20240102"));
        assertEquals(
                JSON.readTree("{\"LOGIN\": \"jim\", \"password\": \"(secret)\"}"),
                arguments("user", new File(tmp, "usertable").getPath(), "jim", "--password", "pw"));
    }
}
