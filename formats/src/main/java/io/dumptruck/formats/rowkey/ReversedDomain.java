package io.dumptruck.formats.rowkey;

import io.dumptruck.formats.PublicApi;
import java.util.Locale;

/**
 * Domain-reversed URLs, as stored for referers (docs/tables.md, web-log loader): pages of one site, and of its
 * sub-domains, sort next to each other.
 *
 * <pre>
 *   http://user@www.Example.com:8080/a?b=1#top   →   com.example.www:8080/a?b=1
 *
 *   scheme://     dropped
 *   user@         dropped
 *   host          labels reversed, lower-cased
 *   :port         kept unless it is the scheme's default
 *   /path?query   kept as written
 *   #fragment     dropped
 * </pre>
 *
 * <ul>
 *   <li>Scheme: a leading {@code scheme://} (RFC 3986 scheme syntax) is dropped; a leading {@code //} likewise.
 *   <li>User info: anything up to the last {@code @} of the authority is dropped.
 *   <li>Host: lower-cased ({@link Locale#ROOT}), one trailing dot dropped, labels reversed. IPv4 literals
 *       ({@code 10.1.2.3}) are kept as they are, IPv6 literals ({@code [::1]}) are kept as written.
 *   <li>Port: kept as {@code :port} unless it is the scheme's default (http 80, https 443); with no scheme, or any
 *       other scheme, every port is kept. An empty port ({@code host:}) counts as none.
 *   <li>Path and query: kept exactly as written; the fragment ({@code #…}) is dropped.
 * </ul>
 *
 * <p>Input that has no host, an empty label ({@code a..b}), white space or control characters in the host, a
 * non-numeric port or a port above 65535 is rejected with an {@link IllegalArgumentException} whose message names the
 * input.
 */
@PublicApi
public final class ReversedDomain {

    private ReversedDomain() {}

    /**
     * Reverses the host of a URL and drops what does not identify the page.
     *
     * @param url an absolute URL, or a URL without scheme such as {@code example.com/a}
     * @return e.g. {@code com.example.www:8080/a?b=1}; UTF-8 encode it for a cell
     * @throws IllegalArgumentException if {@code url} is null, blank or unparsable
     */
    public static String reverse(String url) {
        String simple = url == null ? null : reverseSimple(url);
        return simple != null ? simple : reverseGeneral(url);
    }

    /**
     * The common shape, {@code scheme://host[:port][/path][?query][#fragment]} with a host of ASCII letters, digits,
     * dots and dashes, reversed straight from the URL without the general rules' substrings: exactly what
     * {@link #reverseGeneral} gives for it (ReversedDomainTest compares the two on many generated URLs). Null for any
     * other URL, and wherever the general rules would refuse or need a closer look: they decide those.
     */
    static String reverseSimple(String url) {
        int n = url.length();
        if (n == 0 || Character.isWhitespace(url.charAt(0)) || Character.isWhitespace(url.charAt(n - 1))) {
            return null;
        }
        int end = url.indexOf('#');
        end = end < 0 ? n : end;
        int sep = url.indexOf("://");
        if (sep <= 0 || sep >= end || !isScheme(url, sep)) {
            return null;
        }
        int defaultPort = sep == 4 && url.regionMatches(true, 0, "http", 0, 4)
                ? 80
                : sep == 5 && url.regionMatches(true, 0, "https", 0, 5) ? 443 : -1;
        int hostStart = sep + 3;
        int i = hostStart;
        while (i < end && isHostChar(url.charAt(i))) {
            i++;
        }
        int hostEnd = i;
        int portStart = -1;
        if (i < end && url.charAt(i) == ':') {
            portStart = ++i;
            while (i < end && url.charAt(i) >= '0' && url.charAt(i) <= '9') {
                i++;
            }
        }
        int portEnd = i;
        if (i < end && url.charAt(i) != '/' && url.charAt(i) != '?' || portStart >= 0 && portEnd - portStart > 5) {
            return null;
        }
        if (hostEnd > hostStart && url.charAt(hostEnd - 1) == '.') {
            hostEnd--; // one trailing dot of a fully qualified host
        }
        StringBuilder out = new StringBuilder(end - hostStart);
        if (isIpv4(url, hostStart, hostEnd)) {
            out.append(url, hostStart, hostEnd);
        } else {
            int labelEnd = hostEnd;
            while (true) {
                int dot = url.lastIndexOf('.', labelEnd - 1);
                int labelStart = dot >= hostStart ? dot + 1 : hostStart;
                if (labelStart == labelEnd) {
                    return null; // no host, or an empty label
                }
                for (int c = labelStart; c < labelEnd; c++) {
                    char ch = url.charAt(c);
                    out.append(ch >= 'A' && ch <= 'Z' ? (char) (ch + ('a' - 'A')) : ch);
                }
                if (labelStart == hostStart) {
                    break;
                }
                out.append('.');
                labelEnd = dot;
            }
        }
        if (portStart >= 0 && portEnd > portStart) {
            int port = Integer.parseInt(url, portStart, portEnd, 10);
            if (port > 65535) {
                return null;
            }
            if (port != defaultPort) {
                out.append(url, portStart - 1, portEnd);
            }
        }
        return out.append(url, portEnd, end).toString();
    }

    private static boolean isHostChar(char c) {
        return isAsciiLetter(c) || c >= '0' && c <= '9' || c == '.' || c == '-';
    }

    /** {@link #reverse} by the general rules, for any URL. */
    static String reverseGeneral(String url) {
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException("blank URL");
        }
        String s = url.strip();
        int hash = s.indexOf('#');
        if (hash >= 0) {
            s = s.substring(0, hash);
        }
        String scheme = null;
        int sep = s.indexOf("://");
        if (sep > 0 && isScheme(s, sep)) {
            scheme = s.substring(0, sep).toLowerCase(Locale.ROOT);
            s = s.substring(sep + 3);
        } else if (s.startsWith("//")) {
            s = s.substring(2);
        }
        int end = indexOfAny(s, "/?");
        String authority = s.substring(0, end);
        String pathAndQuery = s.substring(end);
        authority = authority.substring(authority.lastIndexOf('@') + 1);

        String host;
        String port = null;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0) {
                throw unparsable(url, "unclosed IPv6 literal");
            }
            host = authority.substring(0, close + 1);
            String after = authority.substring(close + 1);
            if (!after.isEmpty()) {
                if (after.charAt(0) != ':') {
                    throw unparsable(url, "text after IPv6 literal");
                }
                port = after.substring(1);
            }
        } else {
            int colon = authority.indexOf(':');
            host = colon < 0 ? authority : authority.substring(0, colon);
            port = colon < 0 ? null : authority.substring(colon + 1);
            host = reverseHost(host, url);
        }
        StringBuilder out = new StringBuilder(url.length()).append(host);
        if (port != null && !port.isEmpty()) {
            checkPort(port, url);
            if (!isDefaultPort(scheme, Integer.parseInt(port))) {
                out.append(':').append(port);
            }
        }
        return out.append(pathAndQuery).toString();
    }

    /**
     * The host of a domain-reversed URL, labels back in their usual order: {@code com.example.www:8080/a} →
     * {@code www.example.com}. IPv4 and bracketed IPv6 literals are returned as stored. Case and a trailing dot of the
     * original host are not recovered.
     *
     * @throws IllegalArgumentException if {@code reversed} is null, blank or has no host
     */
    public static String hostOf(String reversed) {
        if (reversed == null || reversed.isBlank()) {
            throw new IllegalArgumentException("blank reversed URL");
        }
        if (reversed.startsWith("[")) {
            int close = reversed.indexOf(']');
            if (close < 0) {
                throw unparsable(reversed, "unclosed IPv6 literal");
            }
            return reversed.substring(0, close + 1);
        }
        String host = reversed.substring(0, indexOfAny(reversed, ":/?"));
        if (host.isEmpty()) {
            throw unparsable(reversed, "no host");
        }
        return isIpv4(host) ? host : reverseLabels(host);
    }

    private static String reverseHost(String host, String url) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        if (h.isEmpty()) {
            throw unparsable(url, "no host");
        }
        for (int i = 0; i < h.length(); i++) {
            char c = h.charAt(i);
            if (c <= ' ' || Character.isWhitespace(c) || Character.isISOControl(c)) {
                throw unparsable(url, "white space or control character in host");
            }
        }
        if (isIpv4(h)) {
            return h;
        }
        if (h.startsWith(".") || h.contains("..")) {
            throw unparsable(url, "empty label in host");
        }
        return reverseLabels(h);
    }

    /** The dot-separated labels of {@code host} in reverse order, empty labels included. */
    private static String reverseLabels(String host) {
        StringBuilder out = new StringBuilder(host.length());
        int end = host.length();
        while (true) {
            int dot = host.lastIndexOf('.', end - 1);
            out.append(host, dot + 1, end);
            if (dot < 0) {
                return out.toString();
            }
            out.append('.');
            end = dot;
        }
    }

    /** Dotted-quad IPv4: four decimal parts of 1..3 digits, each at most 255. */
    static boolean isIpv4(String host) {
        return isIpv4(host, 0, host.length());
    }

    /** {@link #isIpv4(String)} of {@code s[from, n)}. */
    private static boolean isIpv4(String host, int from, int n) {
        int parts = 0;
        int i = from;
        while (true) {
            int start = i;
            int value = 0;
            for (; i < n && host.charAt(i) != '.'; i++) {
                char c = host.charAt(i);
                if (c < '0' || c > '9' || i - start == 3) {
                    return false;
                }
                value = value * 10 + (c - '0');
            }
            if (i == start || value > 255) {
                return false;
            }
            parts++;
            if (i == n) {
                return parts == 4;
            }
            if (parts == 4) {
                return false; // a fifth part follows
            }
            i++; // the dot
        }
    }

    /** Whether {@code s[0, end)} is a scheme, RFC 3986: {@code ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )}. */
    private static boolean isScheme(String s, int end) {
        if (!isAsciiLetter(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < end; i++) {
            char c = s.charAt(i);
            if (!isAsciiLetter(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.') {
                return false;
            }
        }
        return true;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static void checkPort(String port, String url) {
        if (port.length() > 5 || !port.chars().allMatch(c -> c >= '0' && c <= '9') || Integer.parseInt(port) > 65535) {
            throw unparsable(url, "bad port \"" + port + "\"");
        }
    }

    private static boolean isDefaultPort(String scheme, int port) {
        return ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
    }

    private static int indexOfAny(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return s.length();
    }

    private static IllegalArgumentException unparsable(String url, String why) {
        return new IllegalArgumentException("cannot domain-reverse \"" + url + "\": " + why);
    }
}
