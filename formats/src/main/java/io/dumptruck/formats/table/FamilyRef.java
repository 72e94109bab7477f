package io.dumptruck.formats.table;

import io.dumptruck.formats.SpecException;
import java.util.List;

/** A (table, family) pair of a job, resolved once to the indexes its cells carry. */
public record FamilyRef(int table, int family, String tableName, String familyName) {
    /** The pair among a job's {@code tables}; a SpecException naming what is missing. */
    public static FamilyRef of(List<TableSpec> tables, String table, String family) {
        for (int t = 0; t < tables.size(); t++) {
            if (tables.get(t).name().equals(table)) {
                int f = tables.get(t).familyIndex(family);
                if (f < 0) {
                    throw new SpecException("table '" + table + "' has no family '" + family + "' (families: "
                            + tables.get(t).familyNames() + ")");
                }
                return new FamilyRef(t, f, table, family);
            }
        }
        throw new SpecException(
                "the job writes no table '" + table + "'; add its spec to HFileTableJob.configure(job).tables(...)");
    }
}
