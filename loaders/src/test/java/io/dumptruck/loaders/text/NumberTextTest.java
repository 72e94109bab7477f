package io.dumptruck.loaders.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NumberTextTest {
    @Test
    void integers() {
        assertEquals(OptionalLong.of(0), NumberText.parseLong("0"));
        assertEquals(OptionalLong.of(-42), NumberText.parseLong("-42"));
        assertEquals(OptionalLong.of(7), NumberText.parseLong("007"));
        assertEquals(OptionalLong.of(Long.MAX_VALUE), NumberText.parseLong("9223372036854775807"));
        assertEquals(OptionalLong.of(Long.MIN_VALUE), NumberText.parseLong("-9223372036854775808"));
        assertEquals(OptionalLong.empty(), NumberText.parseLong("9223372036854775808"));
        assertEquals(OptionalInt.of(-2147483648), NumberText.parseInt("-2147483648"));
        assertEquals(OptionalInt.empty(), NumberText.parseInt("2147483648"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-", "+1", " 1", "1 ", "1.0", "1e3", "0x10", "١٢", "１", "--1", "1-"})
    void notIntegers(String text) {
        assertTrue(NumberText.parseLong(text).isEmpty(), text);
        assertTrue(NumberText.parseInt(text).isEmpty(), text);
    }

    @Test
    void decimals() {
        assertEquals(OptionalDouble.of(48.85341), NumberText.parseFiniteDouble("48.85341"));
        assertEquals(OptionalDouble.of(-0.5), NumberText.parseFiniteDouble("-.5"));
        assertEquals(OptionalDouble.of(1.0), NumberText.parseFiniteDouble("1."));
        assertEquals(OptionalDouble.of(1500.0), NumberText.parseFiniteDouble("1.5E+3"));
        assertEquals(OptionalDouble.of(0.015), NumberText.parseFiniteDouble("1.5e-2"));
        assertEquals(OptionalDouble.of(0.0), NumberText.parseFiniteDouble("1e-400"));
        assertEquals(OptionalDouble.of(Double.MAX_VALUE), NumberText.parseFiniteDouble("1.7976931348623157e308"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                ".",
                "-",
                "-.",
                "e5",
                ".e5",
                "1e",
                "1e+",
                "NaN",
                "Infinity",
                "-Infinity",
                "1e309",
                "0x1p3",
                "1d",
                "1f",
                " 1",
                "1 ",
                "+1",
                "1,5",
                "1.2.3",
                "١.٥"
            })
    void notFiniteDecimals(String text) {
        assertTrue(NumberText.parseFiniteDouble(text).isEmpty(), text);
    }
}
