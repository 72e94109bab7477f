package io.dumptruck.jobs.graphstats;

import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** The record schemas of the four data sets {@code graph-stats} writes, and their records. */
final class GraphStatsDatasets {
    static final String NAMESPACE = "io.dumptruck.jobs.graphstats";
    /** The {@code direction} of a {@code degree_distribution} record counting followers. */
    public static final String IN = "in";
    /** The {@code direction} of a {@code degree_distribution} record counting accounts followed. */
    public static final String OUT = "out";

    /** One record per account. */
    public static final Schema DEGREES = SchemaBuilder.record("degrees")
            .namespace(NAMESPACE)
            .doc("Every account that follows or is followed, with its number of follows either way")
            .fields()
            .name("user")
            .doc("the account")
            .type()
            .stringType()
            .noDefault()
            .name("out_degree")
            .doc("accounts this one follows")
            .type()
            .longType()
            .noDefault()
            .name("in_degree")
            .doc("accounts that follow this one (its followers)")
            .type()
            .longType()
            .noDefault()
            .endRecord();

    /** One record per pair of accounts that follow each other. */
    public static final Schema RECIPROCAL_PAIRS = SchemaBuilder.record("reciprocal_pairs")
            .namespace(NAMESPACE)
            .doc("Two accounts that follow each other, once per pair")
            .fields()
            .name("user_a")
            .doc("the account that comes first in UTF-8 byte order")
            .type()
            .stringType()
            .noDefault()
            .name("user_b")
            .doc("the other account (user_a < user_b)")
            .type()
            .stringType()
            .noDefault()
            .endRecord();

    /** One record per direction and degree that some account has. */
    public static final Schema DEGREE_DISTRIBUTION = SchemaBuilder.record("degree_distribution")
            .namespace(NAMESPACE)
            .doc("How many accounts have each in-degree and each out-degree")
            .fields()
            .name("direction")
            .doc(IN + " (followers) or " + OUT + " (accounts followed)")
            .type()
            .stringType()
            .noDefault()
            .name("degree")
            .doc("the degree; 0 counts the accounts seen only on the other side")
            .type()
            .longType()
            .noDefault()
            .name("users")
            .doc("accounts with that degree in that direction")
            .type()
            .longType()
            .noDefault()
            .endRecord();

    /** Up to {@code --top} records per account. */
    public static final Schema SUGGESTIONS = SchemaBuilder.record("suggestions")
            .namespace(NAMESPACE)
            .doc("Friend-of-friend suggestions: accounts two follows away that the user does not follow yet")
            .fields()
            .name("user")
            .doc("the account the suggestion is for")
            .type()
            .stringType()
            .noDefault()
            .name("rank")
            .doc("1 = best: most shared follows (via), ties by suggested in UTF-8 byte order")
            .type()
            .intType()
            .noDefault()
            .name("suggested")
            .doc("an account followed by someone the user follows; never the user, never one it follows")
            .type()
            .stringType()
            .noDefault()
            .name("via")
            .doc("distinct accounts the user follows that follow the suggested one"
                    + " (middles within --max-fanout and --max-pairs)")
            .type()
            .longType()
            .noDefault()
            .endRecord();

    private GraphStatsDatasets() {}

    static GenericRecord degrees(String user, long outDegree, long inDegree) {
        GenericRecord r = new GenericData.Record(DEGREES);
        r.put("user", user);
        r.put("out_degree", outDegree);
        r.put("in_degree", inDegree);
        return r;
    }

    static GenericRecord reciprocalPair(String userA, String userB) {
        GenericRecord r = new GenericData.Record(RECIPROCAL_PAIRS);
        r.put("user_a", userA);
        r.put("user_b", userB);
        return r;
    }

    static GenericRecord degreeCount(String direction, long degree, long users) {
        GenericRecord r = new GenericData.Record(DEGREE_DISTRIBUTION);
        r.put("direction", direction);
        r.put("degree", degree);
        r.put("users", users);
        return r;
    }

    static GenericRecord suggestion(String user, int rank, String suggested, long via) {
        GenericRecord r = new GenericData.Record(SUGGESTIONS);
        r.put("user", user);
        r.put("rank", rank);
        r.put("suggested", suggested);
        r.put("via", via);
        return r;
    }
}
