/**
 * Table specs: what a table is, in Java and in JSON, from job set-up to the {@code _spec.json} beside its files.
 * {@code TableSpec} holds its name, its families ({@code FamilySpec}: versions, TTL, bloom, codec, encoding, block
 * size) and how its key space is cut into regions ({@code RegionSplits}); {@code TableSpecJson} is its JSON form,
 * {@code WrittenBy} the loader and options that wrote it. {@code JobTables} carries a job's tables from set-up to its
 * tasks; {@code FamilyRef} is a (table, family) resolved to the indexes its cells carry. For library users:
 * {@code TableSpec}, {@code FamilySpec}, {@code RegionSplits}, {@code TableSpecJson} (marked {@code @PublicApi}); the
 * rest is plumbing.
 */
package io.dumptruck.formats.table;
