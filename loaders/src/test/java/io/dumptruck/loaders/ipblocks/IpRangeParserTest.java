package io.dumptruck.loaders.ipblocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.loaders.Parsed;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IpRangeParserTest {
    private final IpRangeParser parser = new IpRangeParser();

    private IpRange record(String line) {
        Parsed<IpRange> p = parser.parse(line);
        assertTrue(p.isRecord(), () -> line + " -> " + p);
        return p.record();
    }

    private void assertReject(IpRangeParser.Reject reason, String line) {
        Parsed<IpRange> p = parser.parse(line);
        assertTrue(p.isReject(), () -> line + " -> " + p);
        assertEquals(reason, p.reason(), p::detail);
    }

    @Test
    void ipv4Range() {
        IpRange r = record("1.2.3.0,1.2.3.255,AU");
        assertEquals(4, r.version());
        assertEquals(BigInteger.valueOf(16909056L), r.start());
        assertEquals(BigInteger.valueOf(16909311L), r.end());
        assertEquals("01020300", r.startHex());
        assertEquals("010203ff", r.endHex());
        assertEquals("AU", r.country());
        assertEquals(List.of(), r.extra());
    }

    @Test
    void ipv6RangeWithExtraColumns() {
        IpRange r = record("2001:db8::,2001:db8:0:1:ffff:ffff:ffff:ffff,de,Germany,\"Berlin, Mitte\"");
        assertEquals(6, r.version());
        assertEquals("20010db8000000000000000000000000", r.startHex());
        assertEquals("20010db800000001ffffffffffffffff", r.endHex());
        assertEquals(new BigInteger("20010db8000000000000000000000000", 16), r.start());
        assertEquals("DE", r.country());
        assertEquals(List.of("Germany", "Berlin, Mitte"), r.extra());
    }

    @Test
    void quotedFieldsAndSurroundingSpaces() {
        IpRange r = record("\"1.2.3.0\",\"1.2.3.255\",\"US\"");
        assertEquals("01020300", r.startHex());
        assertEquals("US", r.country());
        assertEquals(r, record("1.2.3.0, 1.2.3.255 , US"));
        assertEquals(r, record("1.2.3.0,1.2.3.255,US\r\n"));
    }

    @Test
    void singleAddressBlocksAndTheWholeSpace() {
        IpRange one = record("10.0.0.1,10.0.0.1,NL");
        assertEquals("0a000001", one.startHex());
        assertEquals("0a000001", one.endHex());
        IpRange all = record("::,ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff,ZZ");
        assertEquals("00000000000000000000000000000000", all.startHex());
        assertEquals("ffffffffffffffffffffffffffffffff", all.endHex());
        IpRange v4all = record("0.0.0.0,255.255.255.255,ZZ");
        assertEquals("00000000", v4all.startHex());
        assertEquals("ffffffff", v4all.endHex());
    }

    @Test
    void ipv4MappedAddressesAreIpv6() {
        IpRange r = record("::ffff:1.2.3.0,::ffff:1.2.3.255,US");
        assertEquals(6, r.version());
        assertEquals("00000000000000000000ffff01020300", r.startHex());
        assertEquals("00000000000000000000ffff010203ff", r.endHex());
        assertReject(IpRangeParser.Reject.MIXED_VERSIONS, "1.2.3.0,::ffff:1.2.3.255,US");
    }

    @Test
    void mixedVersions() {
        assertReject(IpRangeParser.Reject.MIXED_VERSIONS, "1.2.3.0,2001:db8::,US");
        assertReject(IpRangeParser.Reject.MIXED_VERSIONS, "::,255.255.255.255,US");
    }

    @Test
    void startAfterEnd() {
        assertReject(IpRangeParser.Reject.START_AFTER_END, "1.2.3.255,1.2.3.0,US");
        assertReject(IpRangeParser.Reject.START_AFTER_END, "2001:db8::1,2001:db8::,US");
        assertReject(IpRangeParser.Reject.START_AFTER_END, "128.0.0.0,127.255.255.255,US");
        assertReject(IpRangeParser.Reject.START_AFTER_END, "8000::,7fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff,US");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "fe80::1%eth0,fe80::ffff,US", "fe80::1,fe80::ffff%eth0,US", "localhost,1.2.3.4,US",
                        "1.2.3,1.2.3.255,US",
                "start_ip,end_ip,country", "1.2.3.0/24,1.2.3.255,US", ",1.2.3.255,US", "[::1],[::2],US"
            })
    void badAddress(String line) {
        assertReject(IpRangeParser.Reject.BAD_ADDRESS, line);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "1.2.3.0,1.2.3.255,USA",
                "1.2.3.0,1.2.3.255,U",
                "1.2.3.0,1.2.3.255,",
                "1.2.3.0,1.2.3.255,A1",
                "1.2.3.0,1.2.3.255,Ü1",
                "1.2.3.0,1.2.3.255,ÜS"
            })
    void badCountry(String line) {
        assertReject(IpRangeParser.Reject.BAD_COUNTRY, line);
    }

    @Test
    void tooFewColumnsAndBrokenQuotes() {
        assertReject(IpRangeParser.Reject.WRONG_COLUMN_COUNT, "1.2.3.0,1.2.3.255");
        assertReject(IpRangeParser.Reject.WRONG_COLUMN_COUNT, "1.2.3.0");
        assertReject(IpRangeParser.Reject.BAD_CSV, "\"1.2.3.0,1.2.3.255,US");
        assertReject(IpRangeParser.Reject.BAD_CSV, "1.2.3.0,1.2.3.255,US,a\"b");
    }

    @Test
    void blankLinesAreSkipped() {
        assertTrue(parser.parse("").isSkip());
        assertTrue(parser.parse("   ").isSkip());
    }
}
