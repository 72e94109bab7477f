package io.dumptruck.loaders.live;

import io.dumptruck.formats.reduce.held.HeldCellsOut;
import io.dumptruck.formats.table.FamilyRef;
import java.util.Set;

/** A {@link HeldState} whose held cells all go into one family of one folded table, {@link #family}. */
public abstract class OneFamilyHeld implements HeldState {
    private final String table;
    private final String familyName;
    /** Where the held cells go; resolved before the first row. */
    protected FamilyRef family;

    protected OneFamilyHeld(String table, String family) {
        this.table = table;
        this.familyName = family;
    }

    @Override
    public final Set<String> feeds() {
        return Set.of(table);
    }

    @Override
    public final void resolve(HeldCellsOut out) {
        family = out.family(table, familyName);
    }
}
