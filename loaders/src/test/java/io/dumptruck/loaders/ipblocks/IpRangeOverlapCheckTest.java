package io.dumptruck.loaders.ipblocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dumptruck.loaders.Parsed;
import java.util.List;
import org.junit.jupiter.api.Test;

class IpRangeOverlapCheckTest {
  private static IpRange range(String start, String end) {
    return IpRange.of(IpAddressText.parse(start).orElseThrow(), IpAddressText.parse(end).orElseThrow(), "US", List.of());
  }

  @Test
  void keepsDisjointRangesAndRejectsLaterOverlaps() {
    IpRangeOverlapCheck check = new IpRangeOverlapCheck();
    IpRange a = range("1.0.0.0", "1.0.0.255");
    IpRange adjacent = range("1.0.1.0", "1.0.1.255");
    IpRange sameStart = range("1.0.1.0", "1.0.1.0");
    IpRange inside = range("1.0.1.7", "1.0.1.9");
    IpRange touchesEnd = range("1.0.1.255", "1.0.2.10");
    IpRange after = range("1.0.2.0", "1.0.2.255");
    assertSame(a, check.check(a).record());
    assertSame(adjacent, check.check(adjacent).record());
    Parsed<IpRange> p = check.check(sameStart);
    assertEquals(IpRangeOverlapCheck.Reject.OVERLAP, p.reason());
    assertEquals("IPv4 01000100-01000100 US overlaps IPv4 01000100-010001ff US", p.detail());
    assertTrue(check.check(inside).isReject());
    assertTrue(check.check(touchesEnd).isReject());
    // touchesEnd was rejected, so it does not hide the next range
    assertSame(after, check.check(after).record());
  }

  @Test
  void versionsAreSeparateStreams() {
    IpRangeOverlapCheck check = new IpRangeOverlapCheck();
    assertTrue(check.check(range("0.0.0.0", "255.255.255.255")).isRecord());
    assertTrue(check.check(range("::", "::ffff")).isRecord());
    assertTrue(check.check(range("::1:0", "2001:db8::")).isRecord());
    assertTrue(check.check(range("2001:db8::", "2001:db8::1")).isReject());
  }

  @Test
  void outOfOrderInputIsABug() {
    IpRangeOverlapCheck check = new IpRangeOverlapCheck();
    check.check(range("1.0.1.0", "1.0.1.255"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> check.check(range("1.0.0.0", "1.0.0.1")));
    assertEquals("ranges out of order: IPv4 01000000-01000001 US after IPv4 01000100-010001ff US; sort them by (version, start) first",
        e.getMessage());
    IpRangeOverlapCheck v6first = new IpRangeOverlapCheck();
    v6first.check(range("::", "::1"));
    assertThrows(IllegalArgumentException.class, () -> v6first.check(range("1.0.0.0", "1.0.0.1")));
  }

  @Test
  void overlapsIsSymmetric() {
    IpRange a = range("10.0.0.0", "10.0.0.10");
    IpRange b = range("10.0.0.10", "10.0.0.20");
    IpRange c = range("10.0.0.11", "10.0.0.20");
    assertTrue(a.overlaps(b) && b.overlaps(a));
    assertTrue(!a.overlaps(c) && !c.overlaps(a));
    assertTrue(!a.overlaps(range("::a00:0", "::a00:a")));
  }
}
