package io.dumptruck.loaders.jsonspec;

import io.dumptruck.formats.ConfKey;
import java.util.List;

/** The configuration keys of the spec loader. */
public final class SpecConf {
    public static final ConfKey SPEC =
            new ConfKey.Key("dumptruck.load.spec.json", null, "internal: the spec loader's spec, as JSON");

    public static final ConfKey CSV_DELIMITER = new ConfKey.Key(
            "dumptruck.load.csv.delimiter",
            ",",
            "the field delimiter of CsvRecordInputFormat, one character (the spec loader sets it from the spec)",
            v -> v.length() == 1 ? null : "give one character");

    /** Every key above, for {@code dumptruck help config} and the checks of what a user sets. */
    public static final List<ConfKey> ALL = List.of(SPEC, CSV_DELIMITER);

    private SpecConf() {}
}
