package io.dumptruck.loaders.ipblocks;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * IP address literals to bytes, parsed as text only: no name service is ever asked, so a host name is simply not an
 * address (unlike {@link java.net.InetAddress#getByName}).
 *
 * <ul>
 *   <li><b>IPv4</b>: four decimal numbers 0–255 separated by dots, ASCII digits, no leading zeros ({@code 010.0.0.1} is
 *       rejected: some readers take it as octal) → 4 bytes.
 *   <li><b>IPv6</b>: RFC 4291 §2.2 text in any of its forms, RFC 5952's canonical one included — eight groups of one to
 *       four hex digits (either case), one {@code ::} for one or more zero groups, and the last 32 bits optionally as
 *       an IPv4 literal ({@code ::ffff:1.2.3.4}, {@code 64:ff9b::192.0.2.1}) → 16 bytes. An IPv4-mapped address stays a
 *       16-byte IPv6 address.
 * </ul>
 *
 * Not addresses: surrounding white space, brackets ({@code [::1]}), zone ids ({@code fe80::1%eth0}), prefix lengths
 * ({@code 10.0.0.0/8}), IPv4 shorthands ({@code 127.1}, {@code 0x7f.0.0.1}).
 */
public final class IpAddressText {
    private IpAddressText() {}

    /** The 4 (IPv4) or 16 (IPv6) bytes of the literal {@code text}, network order; empty if it is none. */
    public static Optional<byte[]> parse(String text) {
        Objects.requireNonNull(text, "text");
        return Optional.ofNullable(text.indexOf(':') >= 0 ? parseV6(text) : parseV4(text, 0, new byte[4], 0));
    }

    /**
     * Lower-case hex of an address, two digits per byte: 8 digits for IPv4, 32 for IPv6 — the form of the
     * {@code ip_geo} row keys, so {@code '4' ‖ toHex(ip)} is where a lookup starts its scan.
     */
    public static String toHex(byte[] address) {
        char[] out = new char[address.length * 2];
        for (int i = 0; i < address.length; i++) {
            out[2 * i] = Character.forDigit((address[i] >> 4) & 0xf, 16);
            out[2 * i + 1] = Character.forDigit(address[i] & 0xf, 16);
        }
        return new String(out);
    }

    /** The text of a 4- or 16-byte address (IPv6 in its long form, {@code 2001:db8:0:0:0:0:0:0}); no name lookup. */
    public static String format(byte[] address) {
        try {
            return java.net.InetAddress.getByAddress(address).getHostAddress();
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException("not a 4- or 16-byte address: " + address.length + " bytes");
        }
    }

    /** Writes the dotted quad in {@code s[from..]} to {@code out[at, at + 4)}; null if it is none. */
    private static byte[] parseV4(String s, int from, byte[] out, int at) {
        int i = from;
        for (int part = 0; part < 4; part++) {
            if (part > 0) {
                if (i >= s.length() || s.charAt(i) != '.') {
                    return null;
                }
                i++;
            }
            int start = i;
            int value = 0;
            while (i < s.length() && i - start < 3 && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                value = value * 10 + (s.charAt(i) - '0');
                i++;
            }
            int digits = i - start;
            if (digits == 0 || value > 255 || digits > 1 && s.charAt(start) == '0') {
                return null;
            }
            out[at + part] = (byte) value;
        }
        return i == s.length() ? out : null;
    }

    private static byte[] parseV6(String s) {
        int n = s.length();
        byte[] out = new byte[16];
        int[] groups = new int[8];
        int count = 0;
        int gap = -1;
        int i = 0;
        if (s.startsWith("::")) {
            gap = 0;
            i = 2;
            if (i == n) {
                return out;
            }
        } else if (s.startsWith(":")) {
            return null;
        }
        boolean v4Tail = false;
        while (true) {
            int start = i;
            int value = 0;
            while (i < n && i - start < 5) {
                int d = hexDigit(s.charAt(i));
                if (d < 0) {
                    break;
                }
                value = (value << 4) | d;
                i++;
            }
            if (i < n && s.charAt(i) == '.') {
                if (count > 6 || parseV4(s, start, out, 2 * count) == null) {
                    return null;
                }
                groups[count] = ((out[2 * count] & 0xff) << 8) | (out[2 * count + 1] & 0xff);
                groups[count + 1] = ((out[2 * count + 2] & 0xff) << 8) | (out[2 * count + 3] & 0xff);
                count += 2;
                v4Tail = true;
                break;
            }
            int digits = i - start;
            if (digits == 0 || digits > 4 || count == 8) {
                return null;
            }
            groups[count++] = value;
            if (i == n) {
                break;
            }
            if (s.charAt(i) != ':') {
                return null;
            }
            i++;
            if (i < n && s.charAt(i) == ':') {
                if (gap >= 0) {
                    return null;
                }
                gap = count;
                i++;
                if (i == n) {
                    break;
                }
            } else if (i == n) {
                return null;
            }
        }
        if (gap < 0 ? count != 8 : count > 7) {
            return null;
        }
        if (v4Tail) {
            Arrays.fill(out, (byte) 0);
        }
        int shift = gap < 0 ? 0 : 8 - count;
        for (int g = 0; g < count; g++) {
            int at = g < gap || gap < 0 ? g : g + shift;
            out[2 * at] = (byte) (groups[g] >> 8);
            out[2 * at + 1] = (byte) groups[g];
        }
        return out;
    }

    private static int hexDigit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }
}
