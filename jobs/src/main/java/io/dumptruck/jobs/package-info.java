/**
 * Analytics jobs over loaded tables ({@code dumptruck run <job>}), the end of the data flow: an {@code AnalyticsJob}
 * names the tables it reads and the MapReduce stages that turn them into data sets; {@code JobRunner} checks the
 * options, tables and output before any task, runs the stages in order and keeps all or nothing; {@code JobCatalog}
 * names every job. What the jobs share: {@code JobOptions}, {@code TimeRange}, {@code TopK}, {@code ReduceTasks},
 * {@code WorkFiles} (scratch data between stages) and {@code CountSumCombiner}. For library users:
 * {@code AnalyticsJob}, {@code JobRunner}, {@code JobCatalog} (marked {@code @PublicApi}); the rest is plumbing.
 */
package io.dumptruck.jobs;
