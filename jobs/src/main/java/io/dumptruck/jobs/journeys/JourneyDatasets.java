package io.dumptruck.jobs.journeys;

import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;

/** The record schemas of the two data sets {@code journeys} writes. */
final class JourneyDatasets {
    static final String NAMESPACE = "io.dumptruck.jobs.journeys";

    /** One record per session. */
    public static final Schema SESSIONS = SchemaBuilder.record("sessions")
            .namespace(NAMESPACE)
            .doc("One visitor's page views split where the gap between two exceeds the session gap")
            .fields()
            .name("visitor")
            .doc("the visitor: the cookie, or ip: + the client address")
            .type()
            .stringType()
            .noDefault()
            .name("session")
            .doc("the session's number among the visitor's sessions, 1-based, in time order")
            .type()
            .intType()
            .noDefault()
            .name("start")
            .doc("time of the first page view, epoch milliseconds UTC")
            .type()
            .longType()
            .noDefault()
            .name("end")
            .doc("time of the last page view, epoch milliseconds UTC")
            .type()
            .longType()
            .noDefault()
            .name("duration_ms")
            .doc("end - start, milliseconds")
            .type()
            .longType()
            .noDefault()
            .name("pages")
            .doc("page views in the session")
            .type()
            .longType()
            .noDefault()
            .name("entry_page")
            .doc("path of the first page view")
            .type()
            .stringType()
            .noDefault()
            .name("exit_page")
            .doc("path of the last page view")
            .type()
            .stringType()
            .noDefault()
            .name("referer")
            .doc("the first page view's referer, domain-reversed (com.example.www/a?b); null when it had none")
            .type()
            .optional()
            .stringType()
            .endRecord();

    /** One record per distinct transition. */
    public static final Schema TRANSITIONS = SchemaBuilder.record("transitions")
            .namespace(NAMESPACE)
            .doc("How often visitors went from one page to the next within a session, and where sessions came from")
            .fields()
            .name("from")
            .doc("a path, or for a session's entry the first page view's domain-reversed referer, or "
                    + SessionReducer.DIRECT + " when it had none")
            .type()
            .stringType()
            .noDefault()
            .name("to")
            .doc("the path of the next page view")
            .type()
            .stringType()
            .noDefault()
            .name("count")
            .doc("how many times, over all sessions")
            .type()
            .longType()
            .noDefault()
            .endRecord();

    private JourneyDatasets() {}
}
