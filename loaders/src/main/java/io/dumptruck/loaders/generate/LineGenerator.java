package io.dumptruck.loaders.generate;

/** Produces the lines of one output file, one call per line. */
interface LineGenerator {
    /** Writes exactly one line, its {@code '\n'} included. */
    void writeLine(LineWriter out);
}
