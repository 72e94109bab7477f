package io.dumptruck.formats.rowkey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class ReversedDomainTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                // docs/tables.md examples
                "http://www.Example.com:8080/a?b=1    | com.example.www:8080/a?b=1",
                "https://example.com:443/             | com.example/",
                "example.com                          | com.example",
                "http://10.1.2.3/x                    | 10.1.2.3/x",
                // IPv6 literals kept as written, default port still dropped
                "http://[2001:db8::1]:8080/p          | [2001:db8::1]:8080/p",
                "http://[2001:DB8::1]/                | [2001:DB8::1]/",
                "https://[::1]:443/x                  | [::1]/x",
                // user info dropped
                "http://user:pw@www.example.com/a     | com.example.www/a",
                "https://bob@example.com:8443/        | com.example:8443/",
                // fragment dropped
                "http://example.com/a?b=1#frag        | com.example/a?b=1",
                "http://example.com#top               | com.example",
                // host and scheme are case-insensitive, path and query are kept as written
                "HTTP://WWW.EXAMPLE.COM/Path?Q=A      | com.example.www/Path?Q=A",
                "HTTP://Example.COM:80/               | com.example/",
                // trailing dot of a fully qualified host
                "http://www.example.com./a            | com.example.www/a",
                "example.com.                         | com.example",
                // missing path
                "http://example.com                   | com.example",
                "http://example.com?q=1               | com.example?q=1",
                "https://sub.example.co.uk            | uk.co.example.sub",
                // a port is dropped only when it is the scheme's default
                "http://example.com:443/              | com.example:443/",
                "https://example.com:80/              | com.example:80/",
                "example.com:80/a                     | com.example:80/a",
                "ftp://files.example.com:21/f         | com.example.files:21/f",
                "http://example.com:/a                | com.example/a",
                // a '://' inside the query is not a scheme
                "example.com/r?u=http://x.org         | com.example/r?u=http://x.org",
                "http://example.com/r?u=http://x.org  | com.example/r?u=http://x.org",
                // protocol-relative, single label, surrounding white space
                "//cdn.example.com/lib.js             | com.example.cdn/lib.js",
                "http://localhost:3000/               | localhost:3000/",
                "'  http://example.com/a  '           | com.example/a",
            })
    void reverse(String url, String expected) {
        assertEquals(expected, ReversedDomain.reverse(url));
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(
            strings = {
                "",
                "   ",
                "http://",
                "http:///path",
                "http://?q",
                "http://a..b/",
                "http://.example.com/",
                "http://example.com:80x/",
                "http://example.com:99999/",
                "http://example.com:123456/",
                "http://[::1/",
                "http://[::1]x/",
                "http://ex ample.com/",
                "http://2001:db8::1/",
            })
    void rejectsBlankOrUnparsable(String url) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReversedDomain.reverse(url));
        assertTrue(e.getMessage() != null && !e.getMessage().isEmpty());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "com.example.www:8080/a?b=1  | www.example.com",
                "com.example                 | example.com",
                "com.example?q=1             | example.com",
                "com.example/                | example.com",
                "10.1.2.3/x                  | 10.1.2.3",
                "[2001:db8::1]:8080/p        | [2001:db8::1]",
                "localhost:3000/             | localhost",
                // labels come back as stored, empty ones included
                "b..a/x                      | a..b",
                ".a                          | a.",
            })
    void hostOf(String reversed, String host) {
        assertEquals(host, ReversedDomain.hostOf(reversed));
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", " ", "/x", ":80/", "[::1"})
    void hostOfRejectsInputWithoutHost(String reversed) {
        assertThrows(IllegalArgumentException.class, () -> ReversedDomain.hostOf(reversed));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "0.0.0.0          | true",
                "255.255.255.255  | true",
                "10.01.002.3      | true",
                "256.1.1.1        | false",
                "1.2.3            | false",
                "1.2.3.4.         | false",
                "1.2.3.4.5        | false",
                ".1.2.3           | false",
                "1..2.3           | false",
                "0001.2.3.4       | false",
                "1.2.3.a          | false",
                "1.2.3.\u0661     | false",
                "'1.2.3.4 '       | false",
                "''               | false",
            })
    void isIpv4(String host, boolean expected) {
        assertEquals(expected, ReversedDomain.isIpv4(host));
    }

    /**
     * The fast path gives what the general rules give, or leaves the URL to them: URLs built at random from schemes,
     * user info, hosts (empty labels, trailing dots, IPv4-like, upper case, odd characters), ports, paths, queries and
     * fragments, some with white space around.
     */
    @Test
    void fastPathAgreesWithTheGeneralRules() {
        int urls = 60_000;
        List<String> schemes = List.of(
                "http://",
                "https://",
                "HTTP://",
                "HttpS://",
                "ftp://",
                "a.b+c://",
                "1x://",
                "://",
                "//",
                "",
                "http:/",
                "http:#//");
        List<String> users = List.of("", "", "", "u@", "u:p@", "@");
        List<String> labels = List.of(
                "www",
                "example",
                "com",
                "Example",
                "CO",
                "uk",
                "a-b",
                "10",
                "255",
                "256",
                "0",
                "1",
                "",
                "x_y",
                "\u00e9t\u00e9",
                "b c",
                "\u0130",
                "[::1]");
        List<String> ports = List.of(
                "", "", "", ":", ":80", ":443", ":8080", ":08080", ":00080", ":65535", ":65536", ":123456", ":8x");
        List<String> rests = List.of(
                "",
                "/",
                "/a?b=1",
                "?q=http://x.org",
                "/p#frag",
                "#top",
                "/r?u=a:b@c",
                "/\u00e9?\u00fc=1#\u00df",
                "/a b");
        List<String> spaces = List.of("", "", "", "", " ", "\t", "\u2003");
        Random random = new Random(7);
        int simple = 0;
        for (int n = 0; n < urls; n++) {
            StringBuilder host = new StringBuilder();
            int parts = 1 + random.nextInt(4);
            for (int p = 0; p < parts; p++) {
                host.append(p == 0 ? "" : ".").append(pick(random, labels));
            }
            if (random.nextInt(6) == 0) {
                host.append('.');
            }
            String url = pick(random, spaces)
                    + pick(random, schemes)
                    + pick(random, users)
                    + host
                    + pick(random, ports)
                    + pick(random, rests)
                    + pick(random, spaces);
            String general;
            try {
                general = ReversedDomain.reverseGeneral(url);
            } catch (IllegalArgumentException refused) {
                general = "refused: " + refused.getMessage();
            }
            String fast;
            try {
                fast = ReversedDomain.reverse(url);
            } catch (IllegalArgumentException refused) {
                fast = "refused: " + refused.getMessage();
            }
            assertEquals(general, fast, url);
            if (ReversedDomain.reverseSimple(url) != null) {
                simple++;
            }
        }
        assertTrue(simple > urls / 10, "the fast path took " + simple + " of " + urls + " URLs");
    }

    /** One of the first four options (the common ones) half of the time, any of them otherwise. */
    private static String pick(Random random, List<String> options) {
        return options.get(random.nextInt(random.nextBoolean() ? Math.min(4, options.size()) : options.size()));
    }
}
