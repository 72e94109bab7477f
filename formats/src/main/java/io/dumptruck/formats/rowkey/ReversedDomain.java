package io.dumptruck.formats.rowkey;

import java.util.Locale;

/**
 * Domain-reversed URLs, as stored for referers (SCHEMAS.md, web-log loader): pages of one site,
 * and of its sub-domains, sort next to each other.
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
 *   <li>Scheme: a leading {@code scheme://} (RFC 3986 scheme syntax) is dropped; a leading
 *       {@code //} likewise.
 *   <li>User info: anything up to the last {@code @} of the authority is dropped.
 *   <li>Host: lower-cased ({@link Locale#ROOT}), one trailing dot dropped, labels reversed. IPv4
 *       literals ({@code 10.1.2.3}) are kept as they are, IPv6 literals ({@code [::1]}) are kept as
 *       written.
 *   <li>Port: kept as {@code :port} unless it is the scheme's default (http 80, https 443); with no
 *       scheme, or any other scheme, every port is kept. An empty port ({@code host:}) counts as
 *       none.
 *   <li>Path and query: kept exactly as written; the fragment ({@code #…}) is dropped.
 * </ul>
 *
 * <p>Input that has no host, an empty label ({@code a..b}), white space or control characters in
 * the host, a non-numeric port or a port above 65535 is rejected with an
 * {@link IllegalArgumentException} whose message names the input.
 */
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
    if (sep > 0 && isScheme(s.substring(0, sep))) {
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
   * The host of a domain-reversed URL, labels back in their usual order:
   * {@code com.example.www:8080/a} → {@code www.example.com}. IPv4 and bracketed IPv6 literals are
   * returned as stored. Case and a trailing dot of the original host are not recovered.
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
    int parts = 0;
    int i = 0;
    int n = host.length();
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

  /** RFC 3986: {@code ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )}. */
  private static boolean isScheme(String s) {
    if (!isAsciiLetter(s.charAt(0))) {
      return false;
    }
    for (int i = 1; i < s.length(); i++) {
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
    if (port.length() > 5 || !port.chars().allMatch(c -> c >= '0' && c <= '9')
        || Integer.parseInt(port) > 65535) {
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
