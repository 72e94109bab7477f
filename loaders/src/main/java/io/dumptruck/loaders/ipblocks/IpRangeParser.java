package io.dumptruck.loaders.ipblocks;

import io.dumptruck.loaders.Parsed;
import io.dumptruck.loaders.text.CsvParser;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Parses IP-block lines: CSV per RFC 4180 (fields may be quoted) in one of three forms —
 *
 * <ul>
 *   <li>{@code start_ip,end_ip,country[,more…]}: an inclusive range of IPv4 or IPv6 addresses written as
 *       {@link IpAddressText} reads them;
 *   <li>{@code network,country[,more…]}: a CIDR block, {@code 1.0.0.0/24} or {@code 2001:db8::/32} (the first field
 *       holds a {@code /});
 *   <li>with {@link GeoLite2Locations} (the loader's {@code --locations}): MaxMind GeoLite2's blocks files,
 *       {@code network,geoname_id,registered_country_geoname_id,represented_country_geoname_id,…} — the country is that
 *       of the first of the three ids given, looked up in the locations file.
 * </ul>
 *
 * A line whose first field is {@code network} (the header of CIDR and GeoLite2 files) is skipped. In a CIDR block the
 * bits past the prefix must be zero ({@code 1.2.3.4/24} → {@link Reject#BAD_NETWORK}, naming {@code 1.2.3.0/24}); a
 * block loads the same cells as the range it covers ({@code 1.0.0.0/24} = {@code 1.0.0.0,1.0.0.255}).
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
        BAD_COUNTRY,
        BAD_NETWORK,
        NO_COUNTRY
    }

    /** GeoLite2's locations, or null for lines that name their country. */
    private final GeoLite2Locations locations;

    IpRangeParser() {
        this(null);
    }

    IpRangeParser(GeoLite2Locations locations) {
        this.locations = locations;
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
        if (f.get(0).strip().equals("network")) {
            return Parsed.skip(); // the header of a CIDR or GeoLite2 file
        }
        if (locations != null) {
            return geoLite2(f);
        }
        if (f.get(0).indexOf('/') >= 0) {
            if (f.size() < 2) {
                return Parsed.reject(
                        Reject.WRONG_COLUMN_COUNT, "expected network,country[,more...], found " + f.size() + " field");
            }
            if (IpAddressText.parse(f.get(1).strip()).isPresent()) {
                return Parsed.reject(
                        Reject.BAD_ADDRESS,
                        "'" + f.get(0).strip() + "' is a network and '"
                                + f.get(1).strip()
                                + "' an address: a line is start_ip,end_ip,country or network,country");
            }
            return network(f.get(0), f.get(1), f.subList(2, f.size()));
        }
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
        return block(start.get(), end.get(), f.get(2), f.subList(3, f.size()));
    }

    private static Parsed<IpRange> block(byte[] start, byte[] end, String countryField, List<String> extra) {
        String country = countryField.strip();
        if (country.length() != 2 || !isLetter(country.charAt(0)) || !isLetter(country.charAt(1))) {
            return Parsed.reject(
                    Reject.BAD_COUNTRY,
                    "country '" + country + "' is not two letters"
                            + (!country.isEmpty() && country.chars().allMatch(Character::isDigit)
                                    ? " (a GeoLite2 geoname id? give the loader --locations with its locations file)"
                                    : ""));
        }
        return Parsed.of(IpRange.of(start, end, country.toUpperCase(Locale.ROOT), extra));
    }

    /** A CIDR block {@code address/prefix}: the range from the address to its last address under the prefix. */
    private static Parsed<IpRange> network(String field, String country, List<String> extra) {
        String text = field.strip();
        int slash = text.indexOf('/');
        if (slash < 0) {
            return Parsed.reject(Reject.BAD_NETWORK, "network '" + text + "' is not a CIDR block (address/prefix)");
        }
        Optional<byte[]> address = IpAddressText.parse(text.substring(0, slash));
        if (address.isEmpty()) {
            return Parsed.reject(Reject.BAD_ADDRESS, "network '" + text + "' does not start with an IP address");
        }
        byte[] start = address.get();
        int bits = start.length * 8;
        String prefixText = text.substring(slash + 1);
        int prefix = prefixText.matches("[0-9]{1,3}") ? Integer.parseInt(prefixText) : -1;
        if (prefix < 0 || prefix > bits || (prefixText.length() > 1 && prefixText.startsWith("0"))) {
            return Parsed.reject(
                    Reject.BAD_NETWORK, "network '" + text + "': the prefix length must be a number from 0 to " + bits);
        }
        byte[] end = start.clone();
        byte[] first = start.clone();
        for (int bit = prefix; bit < bits; bit++) {
            int mask = 0x80 >>> (bit % 8);
            end[bit / 8] |= (byte) mask;
            first[bit / 8] &= (byte) ~mask;
        }
        if (!Arrays.equals(first, start)) {
            return Parsed.reject(
                    Reject.BAD_NETWORK,
                    "network '" + text + "' has bits set past its prefix; the block is " + IpAddressText.format(first)
                            + "/" + prefix);
        }
        return block(start, end, country, extra);
    }

    /** A line of a GeoLite2 blocks file: the country of its first geoname id that has one. */
    private Parsed<IpRange> geoLite2(List<String> f) {
        if (f.size() < 4) {
            return Parsed.reject(
                    Reject.WRONG_COLUMN_COUNT,
                    "expected GeoLite2's network,geoname_id,registered_country_geoname_id,"
                            + "represented_country_geoname_id[,...], found " + f.size() + " field(s)");
        }
        String country = null;
        for (int i = 1; i <= 3 && country == null; i++) {
            country = locations.country(f.get(i).strip());
        }
        if (country == null) {
            return Parsed.reject(
                    Reject.NO_COUNTRY,
                    "none of the geoname ids '" + f.get(1) + "', '" + f.get(2) + "', '" + f.get(3)
                            + "' is a country of the locations file");
        }
        return network(f.get(0), country, f.subList(1, f.size()));
    }

    private static boolean isLetter(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z';
    }
}
