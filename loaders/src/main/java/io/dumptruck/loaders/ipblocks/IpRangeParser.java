package io.dumptruck.loaders.ipblocks;

import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.text.CsvParser;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Parses IP-block lines {@code start_ip,end_ip,country[,more…]}: CSV per RFC 4180 (fields may be quoted), an inclusive
 * range of IPv4 or IPv6 addresses written as {@link IpAddressText} reads them.
 *
 * <ul>
 *   <li>fewer than 3 fields → {@link Reject#WRONG_COLUMN_COUNT}; broken quoting → {@link Reject#BAD_CSV};
 *   <li>an address that is not a literal (a host name, a zone id as in {@code fe80::1%eth0}, a prefix length) →
 *       {@link Reject#BAD_ADDRESS};
 *   <li>one IPv4 and one IPv6 address → {@link Reject#MIXED_VERSIONS}; an IPv4-mapped address ({@code ::ffff:1.2.3.4})
 *       is IPv6, so it does not pair with an IPv4 one;
 *   <li>start after end → {@link Reject#START_AFTER_END} (start = end is a block of one address);
 *   <li>a country that is not two ASCII letters → {@link Reject#BAD_COUNTRY}. It is stored upper-cased ({@code us} →
 *       {@code US}).
 * </ul>
 *
 * White space around the two addresses and the country is ignored ({@code 1.2.3.0, 1.2.3.255, US}); the extra fields
 * are kept as written, after unquoting. Blank lines are skipped. A header line is rejected like any other bad address.
 * Thread-safe.
 */
final class IpRangeParser {
    /** Why an IP-block line is rejected. */
    public enum Reject {
        BAD_CSV,
        WRONG_COLUMN_COUNT,
        BAD_ADDRESS,
        MIXED_VERSIONS,
        START_AFTER_END,
        BAD_COUNTRY
    }

    public Parsed<IpRange> parse(String line) {
        if (line.isBlank()) {
            return Parsed.skip();
        }
        Parsed<List<String>> csv = CsvParser.CSV.parseLine(line);
        if (csv.isReject()) {
            return Parsed.reject(Reject.BAD_CSV, csv.reason() + ": " + csv.detail());
        }
        List<String> f = csv.record();
        if (f.size() < 3) {
            return Parsed.reject(
                    Reject.WRONG_COLUMN_COUNT,
                    "expected start_ip,end_ip,country[,more...], found " + f.size() + " field(s)");
        }
        String startText = f.get(0).strip();
        String endText = f.get(1).strip();
        Optional<byte[]> start = IpAddressText.parse(startText);
        if (start.isEmpty()) {
            return Parsed.reject(Reject.BAD_ADDRESS, "start '" + startText + "' is not an IP address");
        }
        Optional<byte[]> end = IpAddressText.parse(endText);
        if (end.isEmpty()) {
            return Parsed.reject(Reject.BAD_ADDRESS, "end '" + endText + "' is not an IP address");
        }
        if (start.get().length != end.get().length) {
            return Parsed.reject(
                    Reject.MIXED_VERSIONS,
                    "start '" + startText + "' and end '" + endText + "' are of different IP versions");
        }
        if (Arrays.compareUnsigned(start.get(), end.get()) > 0) {
            return Parsed.reject(Reject.START_AFTER_END, "start '" + startText + "' is after end '" + endText + "'");
        }
        String country = f.get(2).strip();
        if (country.length() != 2 || !isLetter(country.charAt(0)) || !isLetter(country.charAt(1))) {
            return Parsed.reject(Reject.BAD_COUNTRY, "country '" + country + "' is not two letters");
        }
        return Parsed.of(IpRange.of(start.get(), end.get(), country.toUpperCase(Locale.ROOT), f.subList(3, f.size())));
    }

    private static boolean isLetter(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z';
    }
}
