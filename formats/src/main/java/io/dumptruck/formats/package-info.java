/**
 * What every stage of the storage layer shares: its configuration keys ({@code FormatConf}, in the shape of
 * {@code ConfKey} that each module's key enum follows), the write side's counters ({@code CellCounter}), the error for
 * a table or scan spec that cannot be used ({@code SpecException}), the test-only faults two keys ask for
 * ({@code InjectedFaults}), and {@code PublicApi}, the mark on every type meant for library users. The stages
 * themselves, from the map side to the read path, are the sub-packages. For library users: {@code PublicApi},
 * {@code SpecException}, {@code ConfKey}, {@code FormatConf} (marked {@code @PublicApi}); the rest is plumbing.
 */
package io.dumptruck.formats;
