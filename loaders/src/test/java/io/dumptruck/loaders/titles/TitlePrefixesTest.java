package io.dumptruck.loaders.titles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class TitlePrefixesTest {
    @Test
    void prefixesOfThreeToTwelveCodePoints() {
        assertEquals(
                List.of(
                        "new",
                        "new ",
                        "new y",
                        "new yo",
                        "new yor",
                        "new york",
                        "new york ",
                        "new york c",
                        "new york ci",
                        "new york cit"),
                TitlePrefixes.of("new york city", 3, 12));
        assertEquals(List.of("abc"), TitlePrefixes.of("abc", 3, 12));
        assertEquals(List.of(), TitlePrefixes.of("ab", 3, 12));
        assertEquals(List.of(), TitlePrefixes.of("", 1, 12));
    }

    @Test
    void surrogatePairsStayWhole() {
        assertEquals(List.of("😀 s", "😀 sm", "😀 smi"), TitlePrefixes.of("😀 smile", 3, 5));
        // U+1F1EB U+1F1F7 U+1F1E9 U+1F1EA x: two flags, four code points in eight chars, then x
        assertEquals(List.of("🇫", "🇫🇷", "🇫🇷🇩", "🇫🇷🇩🇪", "🇫🇷🇩🇪x"), TitlePrefixes.of("🇫🇷🇩🇪x", 1, 5));
        // man ZWJ woman ZWJ girl: five code points, three of them pairs
        assertEquals(
                List.of(
                        "👨",
                        "👨\u200d",
                        "👨\u200d👩",
                        "👨\u200d👩\u200d",
                        "👨\u200d👩\u200d👧",
                        "👨\u200d👩\u200d👧 "),
                TitlePrefixes.of("👨\u200d👩\u200d👧 family", 1, 6));
        for (String p : TitlePrefixes.of("𠀀𠀁𠀂𠀃𠀄", 1, 12)) {
            assertEquals(p.length(), 2 * p.codePointCount(0, p.length()));
        }
        assertEquals(5, TitlePrefixes.of("𠀀𠀁𠀂𠀃𠀄", 1, 12).size());
    }

    @Test
    void combiningMarksAreCodePointsOfTheirOwn() {
        assertEquals(List.of("i", "i\u0307", "i\u0307s"), TitlePrefixes.of("i\u0307stanbul", 1, 3));
    }

    @Test
    void badBounds() {
        assertThrows(IllegalArgumentException.class, () -> TitlePrefixes.of("abc", 0, 3));
        assertThrows(IllegalArgumentException.class, () -> TitlePrefixes.of("abc", 4, 3));
    }
}
