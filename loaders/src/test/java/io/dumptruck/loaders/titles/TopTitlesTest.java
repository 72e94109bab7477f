package io.dumptruck.loaders.titles;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TopTitlesTest {
  private static final Object[][] PARIS = {
      {"Paris", 10.0}, {"Paris Hilton", 10.0}, {"Paris, Texas", 12.0}, {"paris", 10.0}, {"Parisian", 3.5},
      {"Paris 😀", 10.0}, {"Paris \uffe0", 10.0}, {"Paris Ébène", 10.0}, {"Paris Z", 10.0}, {"Parish", 9.0},
      {"Paris (band)", 0.0}, {"Paris-Saint-Germain", 11.0}, {"Paris Métro", -1.0},
  };

  private static final String PARIS_TOP10 = "[\"Paris, Texas\",\"Paris-Saint-Germain\",\"Paris\",\"Paris Hilton\","
      + "\"Paris Z\",\"Paris Ébène\",\"Paris \uffe0\",\"Paris 😀\",\"paris\",\"Parish\"]";

  @Test
  void rankDescendingThenTitleByCodePoint() {
    TopTitles top = new TopTitles();
    for (Object[] t : PARIS) {
      top.add((String) t[0], (double) t[1]);
    }
    assertEquals(10, top.size());
    assertEquals(PARIS_TOP10, top.toJsonArray());
    assertArrayEquals(new double[] {12, 11, 10, 10, 10, 10, 10, 10, 10, 9}, top.ranks());
  }

  @Test
  void insertionOrderDoesNotMatter() {
    List<Object[]> titles = new ArrayList<>(List.of(PARIS));
    Random random = new Random(42);
    for (int round = 0; round < 50; round++) {
      Collections.shuffle(titles, random);
      TopTitles top = new TopTitles();
      for (Object[] t : titles) {
        top.add((String) t[0], (double) t[1]);
      }
      assertEquals(PARIS_TOP10, top.toJsonArray());
    }
  }

  @Test
  void tiesAtTheCutOffGoToTheSmallerTitle() {
    TopTitles top = new TopTitles(2);
    assertTrue(top.add("b", 1));
    assertTrue(top.add("c", 1));
    assertTrue(top.add("a", 1));
    assertFalse(top.add("d", 1));
    assertFalse(top.add("b", 1));
    assertEquals(List.of("a", "b"), top.titles());
    assertTrue(top.add("z", 2));
    assertEquals(List.of("z", "a"), top.titles());
    assertFalse(top.add("y", -0.0));
    assertEquals(List.of("z", "a"), top.titles());
  }

  @Test
  void aTitleIsListedOnceWithItsBestRank() {
    TopTitles top = new TopTitles(3);
    top.add("a", 1);
    top.add("b", 2);
    assertFalse(top.add("a", 0.5));
    assertTrue(top.add("a", 5));
    assertEquals(List.of("a", "b"), top.titles());
    assertArrayEquals(new double[] {5, 2}, top.ranks());
  }

  @Test
  void negativeZeroTiesWithZero() {
    TopTitles top = new TopTitles();
    top.add("b", 0.0);
    top.add("a", -0.0);
    assertEquals(List.of("a", "b"), top.titles());
  }

  @Test
  void mergeAndRecords() {
    TopTitles left = new TopTitles(3);
    TopTitles right = new TopTitles(3);
    left.add(new TitleRecord("New York", "new york", 5));
    left.add("Newark", 1);
    right.add("New Yorker", 4);
    right.add("New York", 3);
    right.add("Newcastle", 2);
    left.addAll(right);
    assertEquals("[\"New York\",\"New Yorker\",\"Newcastle\"]", left.toJsonArray());
    left.addAll(left);
    assertEquals(3, left.size());
  }

  @Test
  void jsonEscapes() {
    TopTitles top = new TopTitles();
    top.add("Say \"Hi\"\\", 1);
    top.add("東京", 2);
    assertEquals("[\"東京\",\"Say \\\"Hi\\\"\\\\\"]", top.toJsonArray());
    assertEquals("[]", new TopTitles().toJsonArray());
  }

  @Test
  void rejectsNonFiniteRanksAndBadLimits() {
    TopTitles top = new TopTitles();
    assertThrows(IllegalArgumentException.class, () -> top.add("x", Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> top.add("x", Double.POSITIVE_INFINITY));
    assertThrows(IllegalArgumentException.class, () -> new TopTitles(0));
  }

  @Test
  void codePointOrderPutsSupplementaryCharactersLast() {
    assertTrue(TopTitles.compareCodePoints("\uffe0", "😀") < 0);
    assertTrue("\uffe0".compareTo("😀") > 0);
    assertTrue(TopTitles.compareCodePoints("a", "ab") < 0);
    assertEquals(0, TopTitles.compareCodePoints("😀", "😀"));
    assertTrue(TopTitles.compareCodePoints("\ud7ff", "\ue000") < 0);
    assertTrue(TopTitles.compareCodePoints("\ue000", "\ud800\udc00") < 0);
  }
}
