package io.dumptruck.jobs.toppages;

import io.dumptruck.jobs.TopK;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The data sets of {@link TopPagesJob}, and how a record of each is made. Ranks count from 1 with no gaps; equal views
 * are ordered by path bytes ascending, so every rank is unique. A ranked page is a {@link TopK.Entry}: name = the path,
 * count = its views, extra = its distinct visitors.
 */
final class TopPagesDatasets {
    static final String NAMESPACE = "io.dumptruck.jobs.toppages";

    static final Schema TOP_PAGES = SchemaBuilder.record("top_pages")
            .namespace(NAMESPACE)
            .doc("The most viewed pages over all visitors, best first")
            .fields()
            .name("rank")
            .doc("1 = most views; equal views ranked by path bytes ascending")
            .type()
            .intType()
            .noDefault()
            .name("path")
            .doc("The request target without its query string")
            .type()
            .stringType()
            .noDefault()
            .name("views")
            .doc("Requests of the path, summed over all visitors (cookie_url_count)")
            .type()
            .longType()
            .noDefault()
            .name("visitors")
            .doc("Distinct visitors who requested the path")
            .type()
            .longType()
            .noDefault()
            .endRecord();

    static final Schema VISITOR_TOP_PAGES = SchemaBuilder.record("visitor_top_pages")
            .namespace(NAMESPACE)
            .doc("Each visitor's most requested pages")
            .fields()
            .name("visitor")
            .doc("The cookie, or ip: + the client address (the cookie_url_count row)")
            .type()
            .stringType()
            .noDefault()
            .name("rank")
            .doc("1 = the visitor's most requested page; equal views ranked by path bytes ascending")
            .type()
            .intType()
            .noDefault()
            .name("path")
            .doc("The request target without its query string")
            .type()
            .stringType()
            .noDefault()
            .name("views")
            .doc("The visitor's requests of the path")
            .type()
            .longType()
            .noDefault()
            .endRecord();

    static final Schema STATS_CHECK = SchemaBuilder.record("stats_check")
            .namespace(NAMESPACE)
            .doc(
                    "Visitors whose cookie_stats c: cell disagrees with their cookie_url_count cells; empty on a correct load")
            .fields()
            .name("visitor")
            .doc("The visitor (row key of both tables)")
            .type()
            .stringType()
            .noDefault()
            .name("stored_path")
            .doc("The c: cell's path; null when cookie_stats has no c: cell for the visitor")
            .type()
            .optional()
            .stringType()
            .name("stored_count")
            .doc("The c: cell's timestamp, the stored count; null without a c: cell")
            .type()
            .optional()
            .longType()
            .name("computed_path")
            .doc("The most requested path by cookie_url_count (ties: smallest path bytes); "
                    + "null when the visitor has no counts")
            .type()
            .optional()
            .stringType()
            .name("computed_count")
            .doc("Its count; null when the visitor has no counts")
            .type()
            .optional()
            .longType()
            .name("problem")
            .doc("What differs: " + StatsCheck.PATH_AND_COUNT_DIFFER + ", " + StatsCheck.PATH_DIFFERS + ", "
                    + StatsCheck.COUNT_DIFFERS + ", " + StatsCheck.NO_STORED_CELL + " or " + StatsCheck.NO_COUNTS)
            .type()
            .stringType()
            .noDefault()
            .endRecord();

    private TopPagesDatasets() {}

    static GenericRecord topPage(int rank, TopK.Entry page) {
        GenericRecord r = new GenericData.Record(TOP_PAGES);
        r.put("rank", rank);
        r.put("path", page.nameText());
        r.put("views", page.count());
        r.put("visitors", page.extra());
        return r;
    }

    static GenericRecord visitorTopPage(String visitor, int rank, TopK.Entry page) {
        GenericRecord r = new GenericData.Record(VISITOR_TOP_PAGES);
        r.put("visitor", visitor);
        r.put("rank", rank);
        r.put("path", page.nameText());
        r.put("views", page.count());
        return r;
    }

    static GenericRecord statsCheck(
            String visitor, byte[] storedPath, long storedCount, TopK.Entry computed, String problem) {
        GenericRecord r = new GenericData.Record(STATS_CHECK);
        r.put("visitor", visitor);
        r.put("stored_path", storedPath == null ? null : Bytes.toString(storedPath));
        r.put("stored_count", storedPath == null ? null : storedCount);
        r.put("computed_path", computed == null ? null : computed.nameText());
        r.put("computed_count", computed == null ? null : computed.count());
        r.put("problem", problem);
        return r;
    }
}
