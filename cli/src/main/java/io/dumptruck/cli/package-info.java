/**
 * The {@code dumptruck} command line, the front end over every stage: {@code Main} picks a {@code Command} —
 * {@code load} and {@code generate} write tables and inputs, {@code ddl} and {@code bulkload} hand a load's tables to
 * HBase, {@code get}, {@code scan} and {@code query} read them, {@code run} and {@code inspect} analyse them,
 * {@code demo} does it all on the samples. {@code Args} reads the options ({@code UsageException} when wrong),
 * {@code KeyNotation} and {@code ResultPrinter} write keys and rows as the HBase shell does, {@code JobProgress}
 * follows a job. Plumbing: not for library users; the Java API is docs/java-api.md.
 */
package io.dumptruck.cli;
