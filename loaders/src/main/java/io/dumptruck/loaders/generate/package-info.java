/**
 * Large, realistic, reproducible inputs for the loaders and the benchmarks ({@code dumptruck generate}): the same
 * arguments give the same bytes. {@code DataGenerator} writes Apache logs ({@code WebLogGenerator}), follower edges
 * ({@code GraphGenerator}), ranked titles ({@code TitleGenerator}) and host events ({@code EventGenerator}) in the line
 * formats of docs/tables.md, each file drawing from its own seeded streams ({@code FilePart}) with Zipf and power-law
 * skew ({@code ZipfSampler}, {@code VisitorActivity}). Plumbing: not for library users.
 */
package io.dumptruck.loaders.generate;
