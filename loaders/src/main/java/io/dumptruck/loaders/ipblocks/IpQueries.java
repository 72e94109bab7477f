package io.dumptruck.loaders.ipblocks;

import io.dumptruck.formats.read.RowScanner;
import io.dumptruck.formats.read.ScanSpec;
import io.dumptruck.formats.read.TableReader;
import io.dumptruck.loaders.Answer;
import io.dumptruck.loaders.Question;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/** The country of an address from {@code ip_geo}: one scan of one row from version ‖ hex(address). */
public final class IpQueries {
    private IpQueries() {}

    /** The country, if a block holds the address; IllegalArgumentException if it is no IP address. */
    public static Optional<String> country(TableReader ipGeo, String address) throws IOException {
        byte[] ip = IpAddressText.parse(address)
                .orElseThrow(() -> new IllegalArgumentException("'" + address + "' is not an IPv4 or IPv6 address"));
        String hex = IpAddressText.toHex(ip);
        int version = ip.length == 4 ? 4 : 6;
        byte[] start = IpGeoSchema.rowKey(version, hex);
        byte[] stop = {(byte) ('0' + version + 1)};
        try (RowScanner rows = ipGeo.scan(ScanSpec.all().withRange(start, stop).withLimit(1))) {
            Result r = rows.next();
            if (r == null) {
                return Optional.empty();
            }
            String blockStart =
                    Bytes.toString(r.getValue(Bytes.toBytes(IpGeoSchema.FAMILY), Bytes.toBytes(IpGeoSchema.START)));
            boolean hit = blockStart.compareTo(hex) <= 0;
            return hit
                    ? Optional.of(new String(
                            r.getValue(Bytes.toBytes(IpGeoSchema.FAMILY), Bytes.toBytes(IpGeoSchema.COUNTRY)),
                            StandardCharsets.UTF_8))
                    : Optional.empty();
        }
    }

    /** The question of the IP blocks load: the country of an address. */
    public static final List<Question> QUESTIONS = List.of(new Question(
            "ip",
            "ADDRESS",
            "the country of an IPv4 or IPv6 address (one scan of one row)",
            List.of(IpGeoSchema.IP_GEO),
            List.of(),
            a -> {
                String address = a.argument("ADDRESS");
                Optional<String> country = country(a.table(IpGeoSchema.IP_GEO), address);
                Answer answer = new Answer().line(address + " → " + country.orElse("no block holds this address"));
                answer.json().put("address", address).put("country", country.orElse(null));
                return answer;
            }));
}
