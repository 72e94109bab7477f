package io.dumptruck.formats.table;

import io.dumptruck.formats.SpecException;
import java.util.Map;
import java.util.TreeMap;

/**
 * What wrote a table: the loader's name and the options it was given (its layout among them), kept in the table's
 * {@code _spec.json} so that queries and jobs read a table's design instead of guessing it.
 *
 * @param loader the loader's command-line name ({@code events}, {@code graph}, …)
 * @param options the loader's own options as given, by name without {@code --}; sorted
 */
public record WrittenBy(String loader, Map<String, String> options) {
    public WrittenBy {
        if (loader == null || loader.isEmpty()) {
            throw new SpecException("writtenBy needs the loader's name");
        }
        options = Map.copyOf(new TreeMap<>(options == null ? Map.of() : options));
    }

    /** The option's value as given, or {@code dflt} (the loader's default) when the load did not set it. */
    public String option(String name, String dflt) {
        return options.getOrDefault(name, dflt);
    }
}
