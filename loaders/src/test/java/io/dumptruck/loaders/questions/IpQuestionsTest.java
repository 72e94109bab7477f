package io.dumptruck.loaders.questions;

import static io.dumptruck.loaders.questions.TableFiles.JSON;
import static io.dumptruck.loaders.questions.TableFiles.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * {@code ip} against an oracle of address blocks: {@code ip_geo} rows {@code '4' ‖ hex8(end)} / {@code '6' ‖
 * hex32(end)} with the start and the country, blocks of one address, blocks at 0 and at the last address, gaps;
 * addresses asked at and around every block's ends, in every text form (IPv6 compressed or not, upper case, with an
 * IPv4 tail, IPv4-mapped).
 */
class IpQuestionsTest {
    static final long LOAD_TS = 1_700_000_000_000L;

    /** A block of one IP version: first and last address, country. */
    record Block(int version, BigInteger start, BigInteger end, String country) {}

    static BigInteger max(int version) {
        return BigInteger.ONE.shiftLeft(version == 4 ? 32 : 128).subtract(BigInteger.ONE);
    }

    /** Lower-case hex, two digits a byte: 8 for IPv4, 32 for IPv6. */
    static String hex(int version, BigInteger v) {
        String h = v.toString(16);
        return "0".repeat((version == 4 ? 8 : 32) - h.length()) + h;
    }

    static List<Block> blocks(int version, Random r) {
        BigInteger max = max(version);
        TreeSet<BigInteger> points = new TreeSet<>();
        int n = r.nextInt(10);
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(4)) {
                case 0 -> points.add(BigInteger.valueOf(r.nextInt(5)));
                case 1 -> points.add(max.subtract(BigInteger.valueOf(r.nextInt(5))));
                default -> points.add(new BigInteger(version == 4 ? 32 : 128, r));
            }
        }
        List<BigInteger> sorted = new ArrayList<>(points);
        List<Block> out = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i += 2) {
            BigInteger start = sorted.get(i);
            BigInteger end = i + 1 < sorted.size() && r.nextInt(4) > 0 ? sorted.get(i + 1) : start;
            String country = List.of("PT", "AU", "ZZ", "Ünïcödé-😀", "").get(r.nextInt(5));
            out.add(new Block(version, start, end, country));
        }
        return out;
    }

    /** Text forms of an address, each valid: IPv4 dotted; IPv6 full, compressed, upper case, with an IPv4 tail. */
    static List<String> texts(int version, BigInteger v, Random r) {
        if (version == 4) {
            long x = v.longValue();
            return List.of((x >>> 24) + "." + ((x >>> 16) & 255) + "." + ((x >>> 8) & 255) + "." + (x & 255));
        }
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = v.shiftRight(16 * (7 - i)).intValue() & 0xffff;
        }
        List<String> out = new ArrayList<>();
        StringBuilder full = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            full.append(i > 0 ? ":" : "").append(String.format("%04x", groups[i]));
        }
        out.add(full.toString());
        // RFC 5952: the longest run of two or more zero groups (the first of equal runs) as ::
        int bestAt = -1;
        int bestLen = 1;
        for (int i = 0; i < 8; ) {
            int j = i;
            while (j < 8 && groups[j] == 0) {
                j++;
            }
            if (j - i > bestLen) {
                bestAt = i;
                bestLen = j - i;
            }
            i = j == i ? i + 1 : j;
        }
        StringBuilder c = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestAt) {
                c.append("::");
                i += bestLen - 1;
                continue;
            }
            if (c.length() > 0 && c.charAt(c.length() - 1) != ':') {
                c.append(':');
            }
            c.append(Integer.toHexString(groups[i]));
        }
        String compressed = c.toString();
        out.add(compressed);
        out.add(compressed.toUpperCase(Locale.ROOT));
        StringBuilder tail = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            tail.append(Integer.toHexString(groups[i])).append(':');
        }
        tail.append(groups[6] >>> 8).append('.').append(groups[6] & 255).append('.');
        tail.append(groups[7] >>> 8).append('.').append(groups[7] & 255);
        out.add(tail.toString());
        return List.of(out.get(r.nextInt(out.size())), compressed);
    }

    @Property(tries = 40)
    void ipAnswersTheCountryOfTheBlockHoldingTheAddress(@ForAll long seed) throws Exception {
        Random r = new Random(seed);
        List<Block> blocks = new ArrayList<>(blocks(4, r));
        blocks.addAll(blocks(6, r));
        try (TableFiles files = new TableFiles()) {
            TableFiles.Table t = files.table("ip_geo", "f");
            for (Block b : blocks) {
                byte[] row = utf8(b.version() + hex(b.version(), b.end()));
                t.put(row, "f", utf8("s"), LOAD_TS, utf8(hex(b.version(), b.start())));
                t.put(row, "f", utf8("cc"), LOAD_TS, utf8(b.country()));
            }
            files.write();

            List<Object[]> asked = new ArrayList<>(); // version, address
            for (int version : new int[] {4, 6}) {
                BigInteger max = max(version);
                List<BigInteger> values = new ArrayList<>(List.of(BigInteger.ZERO, max));
                values.add(new BigInteger(version == 4 ? 32 : 128, r));
                for (Block b : blocks) {
                    if (b.version() == version) {
                        values.addAll(List.of(b.start(), b.end(), b.start().subtract(BigInteger.ONE)));
                        values.add(b.end().add(BigInteger.ONE));
                    }
                }
                for (BigInteger v : values) {
                    if (v.signum() >= 0 && v.compareTo(max) <= 0) {
                        asked.add(new Object[] {version, v});
                    }
                }
            }
            // IPv4-mapped IPv6 addresses stay IPv6: the IPv6 blocks answer them
            BigInteger mapped =
                    BigInteger.valueOf(0xffffL).shiftLeft(32).add(BigInteger.valueOf(r.nextInt() & 0xffffffffL));
            asked.add(new Object[] {6, mapped});
            for (Object[] q : Gen.sample(asked, 14, r)) {
                int version = (Integer) q[0];
                BigInteger v = (BigInteger) q[1];
                String country = null;
                for (Block b : blocks) {
                    if (b.version() == version && b.start().compareTo(v) <= 0 && v.compareTo(b.end()) <= 0) {
                        country = b.country();
                    }
                }
                for (String text : texts(version, v, r)) {
                    ObjectNode expected =
                            JSON.createObjectNode().put("address", text).put("country", country);
                    TableFiles.Asking a = files.ask("ip", List.of(text), 20);
                    TableFiles.assertAnswer(expected, a.answer(), "ip " + text);
                    assertEquals(1, a.reads().scans(), "ip " + text + ": scans");
                    assertEquals(0, a.reads().gets(), "ip " + text + ": gets");
                }
            }
            for (String bad : List.of("1.2.3", "01.2.3.4", "1.2.3.256", "::1::", "[::1]", " 1.2.3.4", "host", "")) {
                assertThrows(IllegalArgumentException.class, () -> files.ask("ip", List.of(bad), 20), bad);
            }
        }
    }
}
