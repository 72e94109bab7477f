package io.dumptruck.loaders.ipblocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class IpAddressTextTest {
    @ParameterizedTest
    @CsvSource({
        "1.2.3.0, 01020300",
        "1.2.3.255, 010203ff",
        "0.0.0.0, 00000000",
        "255.255.255.255, ffffffff",
        "2001:db8::, 20010db8000000000000000000000000",
        "2001:db8::ffff, 20010db800000000000000000000ffff",
        "::ffff:1.2.3.4, 00000000000000000000ffff01020304",
        "::1.2.3.4, 00000000000000000000000001020304",
        "64:ff9b::192.0.2.1, 0064ff9b0000000000000000c0000201",
        "::, 00000000000000000000000000000000",
        "::1, 00000000000000000000000000000001",
        "1::, 00010000000000000000000000000000",
        "1:2:3:4:5:6:7::, 00010002000300040005000600070000",
        "::2:3:4:5:6:7:8, 00000002000300040005000600070008",
        "2001:DB8:0:0:8:800:200C:417A, 20010db80000000000080800200c417a",
        "2001:0db8:0000:0000:0000:ff00:0042:8329, 20010db8000000000000ff0000428329",
        "fe80::1:2, fe800000000000000000000000010002",
        "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff, ffffffffffffffffffffffffffffffff",
    })
    void parsesLiterals(String text, String hex) {
        Optional<byte[]> address = IpAddressText.parse(text);
        assertTrue(address.isPresent(), text);
        assertEquals(hex.length() / 2, address.get().length);
        assertEquals(hex, IpAddressText.toHex(address.get()));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "1.2.3",
                "1.2.3.4.5",
                "01.2.3.4",
                "1.2.3.04",
                "256.1.1.1",
                "1.2.3.-1",
                "1.2.3.4 ",
                " 1.2.3.4",
                "127.1",
                "0x7f.0.0.1",
                "١.٢.٣.٤",
                "10.0.0.0/8",
                "localhost",
                "example.com",
                "fe80::1%eth0",
                "fe80::1%1",
                "[::1]",
                "1:2:3:4:5:6:7:8:9",
                "1:2:3:4:5:6:7",
                "1::2::3",
                ":1::",
                "1:::2",
                ":::",
                "12345::",
                "1.2.3.4::",
                "::ffff:1.2.3",
                "::ffff:01.2.3.4",
                "g::1",
                "1:2:3:4:5:6:7::8",
                "::1:2:3:4:5:6:7:8",
                "1:2:3:4:5:6:1.2.3.4:1",
                "1:2:3:4:5:6:7:1.2.3.4",
                "1:2:3:4:5:6:7:8:",
                ":1:2:3:4:5:6:7:8",
                "2001:db8::/32",
                "::ffff:1.2.3.4.5",
                "１::"
            })
    void rejectsAnythingElse(String text) {
        assertTrue(IpAddressText.parse(text).isEmpty(), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1:2:3:4:5:6:1.2.3.4", "::ffff:255.255.255.255", "1:2:3:4:5::1.2.3.4"})
    void ipv4TailTakesTheLastTwoGroups(String text) {
        assertEquals(16, IpAddressText.parse(text).orElseThrow().length, text);
    }
}
