package io.dumptruck.loaders.weblogs;

import java.util.Objects;

/**
 * One request from an Apache access log, as {@link WebLogParser} reads it from {@code %h %l %u %t "%r" %>s %b
 * "%{Referer}i" "%{User-Agent}i" "%{uid}C" %D}.
 *
 * <p>Every nullable component is null when the log wrote {@code -} (or, for quoted fields, an empty string) or when the
 * field is missing from the end of the line. Quoted fields are unescaped ({@code \"} → {@code "}, {@code \\} →
 * {@code \}); everything else is kept exactly as written.
 *
 * @param client the client address ({@code %h}) as written: IPv4, IPv6 ({@code 2001:db8::1}) or a host name if the
 *     server resolved it; never null
 * @param ident the RFC 1413 identity ({@code %l}), nullable
 * @param user the authenticated user ({@code %u}), nullable
 * @param time the request time ({@code %t}) in epoch milliseconds, UTC (the logged offset applied)
 * @param method the request method, e.g. {@code GET}; null when the request line is {@code -}, empty or not a request
 *     (see {@link WebLogParser})
 * @param path the request target up to, not including, the first {@code ?}; null exactly when {@code method} is
 * @param query what follows the first {@code ?} of the target, without the {@code ?}; empty for a target ending in
 *     {@code ?}, null for a target without {@code ?}
 * @param protocol e.g. {@code HTTP/1.1}; null for an HTTP/0.9-style request line ({@code GET /a}) or no request
 * @param status the final status ({@code %>s}), three digits
 * @param bytes the response size ({@code %b}), null for {@code -}
 * @param referer the {@code Referer} header as sent, nullable
 * @param refererReversed {@code referer} domain-reversed by {@link io.dumptruck.formats.rowkey.ReversedDomain}; null
 *     when there is no referer or it cannot be reversed
 * @param userAgent the {@code User-Agent} header, nullable
 * @param cookie the visitor cookie ({@code %{uid}C}), null or non-empty
 * @param durationMicros the time taken to serve the request ({@code %D}) in microseconds, nullable
 */
public record WebLogRecord(
        String client,
        String ident,
        String user,
        long time,
        String method,
        String path,
        String query,
        String protocol,
        int status,
        Long bytes,
        String referer,
        String refererReversed,
        String userAgent,
        String cookie,
        Long durationMicros) {

    /** Prefix of the visitor of a request without a cookie; see {@link #visitor()}. */
    public static final String IP_VISITOR_PREFIX = "ip:";

    public WebLogRecord {
        Objects.requireNonNull(client, "client");
    }

    /**
     * Who made the request, the key of the {@code visits}, {@code cookie_url_count} and {@code cookie_stats} rows
     * (docs/tables.md): the cookie when present (non-empty), else {@code "ip:" + client}.
     */
    public String visitor() {
        return cookie != null && !cookie.isEmpty() ? cookie : IP_VISITOR_PREFIX + client;
    }
}
