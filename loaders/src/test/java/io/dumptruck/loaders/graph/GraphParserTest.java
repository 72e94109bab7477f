package io.dumptruck.loaders.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.loaders.Parsed;
import org.junit.jupiter.api.Test;

class GraphParserTest {
    private final GraphParser parser = new GraphParser();

    @Test
    void edgesWithAndWithoutTime() {
        assertEquals(new Edge("alice", "bob", null), parser.parse("alice\tbob").record());
        assertEquals(
                new Edge("alice", "bob", 1700000000000L),
                parser.parse("alice\tbob\t1700000000000").record());
        assertEquals(new Edge("Zoë", "東京", null), parser.parse("Zoë\t東京").record());
    }

    @Test
    void blankAndCommentLinesAreSkipped() {
        assertTrue(parser.parse("").isSkip());
        assertTrue(parser.parse("   ").isSkip());
        assertTrue(parser.parse("# follower\tfollowed").isSkip());
    }

    @Test
    void badEdgesAreRejectedWithTheirReason() {
        assertReject("alice", GraphParser.Reject.WRONG_FIELD_COUNT);
        assertReject("a\tb\t1\t2", GraphParser.Reject.WRONG_FIELD_COUNT);
        assertReject("\tbob", GraphParser.Reject.EMPTY_ID);
        assertReject("alice\t", GraphParser.Reject.EMPTY_ID);
        assertReject("alice\talice", GraphParser.Reject.SELF_EDGE);
        assertReject("alice\tbob\tyesterday", GraphParser.Reject.BAD_TIME);
        assertReject("alice\tbob\t-5", GraphParser.Reject.BAD_TIME);
        assertReject("alice\tbob\t9223372036854775807", GraphParser.Reject.BAD_TIME);
        assertReject("alice\tbob\t", GraphParser.Reject.BAD_TIME);
        assertEquals(
                "expected follower<TAB>followed[<TAB>epoch_ms], found 1 field(s)",
                parser.parse("alice").detail());
        assertEquals(
                "expected follower<TAB>followed[<TAB>epoch_ms], found 5 field(s)",
                parser.parse("a\tb\t1\t\t").detail());
    }

    private void assertReject(String line, GraphParser.Reject reason) {
        Parsed<Edge> p = parser.parse(line);
        assertTrue(p.isReject(), line + " → " + p);
        assertEquals(reason, p.reason(), line);
    }
}
