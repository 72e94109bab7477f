package io.dumptruck.formats.rowkey;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

// Expected digests from Python: hashlib.md5(s.encode("utf-8")).hexdigest()
class Md5Test {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void asciiString() {
        assertEquals("6384e2b2184bcbf58eccf10ca7a6563c", HEX.formatHex(Md5.digest("alice")));
    }

    @Test
    void nonAsciiStringsAreDigestedAsUtf8() {
        // UTF-8("Zoë") = 5a 6f c3 ab
        assertEquals("fb44af73417cf03c023d098e7f07c114", HEX.formatHex(Md5.digest("Zoë")));
        assertEquals("00110af8b4393ef3f72c50be5b332bec", HEX.formatHex(Md5.digest("日本語")));
        assertEquals("fb44af73417cf03c023d098e7f07c114", HEX.formatHex(Md5.digest(HEX.parseHex("5a6fc3ab"))));
    }

    @Test
    void emptyInput() {
        assertEquals("d41d8cd98f00b204e9800998ecf8427e", HEX.formatHex(Md5.digest("")));
        assertEquals(Md5.LENGTH, Md5.digest(new byte[0]).length);
    }

    @Test
    void concurrentCallersGetCorrectDigests() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                String s = i % 2 == 0 ? "alice" : "bob";
                results.add(pool.submit(() -> HEX.formatHex(Md5.digest(s))));
            }
            for (int i = 0; i < results.size(); i++) {
                String expected = i % 2 == 0 ? "6384e2b2184bcbf58eccf10ca7a6563c" : "9f9d51bc70ef21ca5c14f307980a29d8";
                assertEquals(expected, results.get(i).get());
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
