package io.dumptruck.formats.table;

/**
 * How deep JSON text nests, found without parsing it: Jackson's tree reader recurses once per level, so text nested
 * thousands deep (a spec, a {@code _spec.json}, a JSON line) would end in a {@link StackOverflowError} — an Error no
 * caller's {@code catch} of parse errors stops. Readers of untrusted JSON refuse text deeper than they need before the
 * tree reader sees it.
 */
public final class JsonNesting {
    private JsonNesting() {}

    /**
     * True when {@code s} nests arrays and objects more than {@code max} levels deep; counts brackets outside strings,
     * never fewer levels than a reader would descend.
     */
    public static boolean deeperThan(CharSequence s, int max) {
        int depth = 0;
        boolean inString = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '[' || c == '{') {
                if (++depth > max) {
                    return true;
                }
            } else if ((c == ']' || c == '}') && depth > 0) {
                depth--;
            }
        }
        return false;
    }
}
