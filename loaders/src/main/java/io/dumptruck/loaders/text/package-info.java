/**
 * Strict readers of input text that the loaders' parsers share, each turning bad input into a reject rather than a
 * guess or an exception: {@code CsvParser} (RFC 4180 fields, any delimiter), {@code JsonText} (untrusted JSON, refused
 * when nested too deep or followed by more text) and {@code NumberText} (ASCII integers and decimals only). Plumbing:
 * not for library users.
 */
package io.dumptruck.loaders.text;
