package io.dumptruck.loaders.ipblocks;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;

/**
 * An inclusive block of addresses of one IP version with its country and the input's extra columns. {@code start} and
 * {@code end} are the addresses as unsigned integers (32 bits for version 4, 128 for version 6), {@code start ≤ end};
 * {@code country} is two upper-case ASCII letters.
 */
record IpRange(int version, BigInteger start, BigInteger end, String country, List<String> extra) {

    /**
     * @throws IllegalArgumentException if the version is not 4 or 6, an end is out of the version's range, {@code start
     *     > end} or the country is not two letters A–Z
     */
    public IpRange {
        if (version != 4 && version != 6) {
            throw new IllegalArgumentException("IP version must be 4 or 6: " + version);
        }
        int bits = version == 4 ? 32 : 128;
        if (start.signum() < 0 || start.bitLength() > bits || end.signum() < 0 || end.bitLength() > bits) {
            throw new IllegalArgumentException("not IPv" + version + " addresses: " + start + ", " + end);
        }
        if (start.compareTo(end) > 0) {
            throw new IllegalArgumentException("start " + start + " is after end " + end);
        }
        if (country.length() != 2 || !isUpper(country.charAt(0)) || !isUpper(country.charAt(1))) {
            throw new IllegalArgumentException("country must be two letters A-Z: " + country);
        }
        extra = List.copyOf(Objects.requireNonNullElse(extra, List.of()));
    }

    /** The range of the 4- or 16-byte addresses {@code start} and {@code end} (network order). */
    public static IpRange of(byte[] start, byte[] end, String country, List<String> extra) {
        if (start.length != end.length || start.length != 4 && start.length != 16) {
            throw new IllegalArgumentException(
                    "addresses must be both 4 or both 16 bytes: " + start.length + ", " + end.length);
        }
        return new IpRange(start.length == 4 ? 4 : 6, new BigInteger(1, start), new BigInteger(1, end), country, extra);
    }

    /** {@code start} as lower-case hex, 8 digits for IPv4, 32 for IPv6: {@code 1.2.3.0} → {@code 01020300}. */
    public String startHex() {
        return hex(start);
    }

    /** {@code end} in the form of {@link #startHex()}; with the version digit, the {@code ip_geo} row key. */
    public String endHex() {
        return hex(end);
    }

    /** True if the two ranges are of one version and share at least one address. */
    public boolean overlaps(IpRange other) {
        return version == other.version && start.compareTo(other.end) <= 0 && other.start.compareTo(end) <= 0;
    }

    private String hex(BigInteger value) {
        String digits = value.toString(16);
        int width = version == 4 ? 8 : 32;
        return "0".repeat(width - digits.length()) + digits;
    }

    private static boolean isUpper(char c) {
        return c >= 'A' && c <= 'Z';
    }
}
