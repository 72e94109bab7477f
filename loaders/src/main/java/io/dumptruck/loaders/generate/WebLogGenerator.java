package io.dumptruck.loaders.generate;

import io.dumptruck.loaders.generate.WebSite.PageKind;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * Apache combined log lines with the visitor cookie and the duration, in time order:
 *
 * <pre>
 * 93.184.12.7 - - [01/Jan/2026:15:04:05 +0000] "GET /cart HTTP/2.0" 200 9120 "https://www.example.com/" "Mozilla/5.0 …" "3f9c0a7e12b4d5c6" 2291
 * </pre>
 *
 * <h2>The model</h2>
 *
 * <ul>
 *   <li><b>Visitors.</b> Each file has its own visitors. A visitor's expected number of sessions over the
 *       {@value #DAYS} days follows a power law ({@link VisitorActivity}, up to {@value #MAX_SESSIONS}): most come
 *       once, a few come several times a day. A visitor keeps its client address (about 15% IPv6), user agent, protocol
 *       and cookie; about 10% send no cookie (crawlers, {@code curl} and cookie blockers), so the loader keys them by
 *       address.
 *   <li><b>Sessions.</b> Sessions start as a Poisson process whose rate swings ±50% over the day (peak 15:00 UTC); each
 *       picks a visitor in proportion to its expected sessions, skipping one that is in a session or ended one less
 *       than {@value #SESSION_GAP} seconds ago, so a visitor's sessions are always more than 30 minutes apart. A
 *       session has 1 + geometric page views (mean about 4.5) a few seconds to 20 minutes apart. The rate is set so
 *       that the file spans about {@value #DAYS} days from 2026-01-01T00:00:00Z.
 *   <li><b>Requests.</b> Paths from a {@link WebSite} of {@value WebSite#PATHS} pages with Zipf popularity, with the
 *       queries of their kind of page; 1.5% (10% for crawlers) go to paths that do not exist. {@code POST} to forms
 *       (answered 302), a few {@code HEAD}. Status 200, with about 6% 304, 0.4% 500 and the 404s. Sizes per page,
 *       durations log-normal per status.
 *   <li><b>Referers.</b> A session's first page comes from a search engine, a social site or nowhere ({@code -}); each
 *       later page from the previous page of the same session.
 * </ul>
 *
 * Not thread-safe; one instance writes one file.
 */
final class WebLogGenerator implements LineGenerator {
    /** 2026-01-01T00:00:00Z in epoch seconds: where the logs start. */
    static final long START = 1_767_225_600L;

    static final int DAYS = 30;
    /** A visitor's sessions start more than this many seconds after its previous session ended. */
    static final int SESSION_GAP = 30 * 60;

    private static final int DAY = 86_400;
    private static final int MAX_SESSIONS = 300;
    private static final double MORE_VIEWS = 0.78;
    private static final int MAX_VIEWS = 200;
    private static final int MAX_THINK_SECONDS = 20 * 60;
    private static final double DAILY_SWING = 0.5;
    /** Fraction of a day where the swing crosses its mean going up: 09:00, so the peak is at 15:00. */
    private static final double DAILY_PHASE = 9.0 / 24;

    private static final int PICK_ATTEMPTS = 10;

    private static final long SITE_SALT = 0x5173_5173_5173_5173L;
    private static final long STREAM_SALT = 0x7e61_0a9b_33c1_d2f5L;
    private static final long VISITOR_SALT = 0x1d8e_4b2a_9c07_f36bL;

    private static final byte[][] AGENTS = asciiAll(
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
            "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
            "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
            "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
            "curl/8.5.0");
    private static final WeightedChoice AGENT = new WeightedChoice(30, 18, 14, 10, 6, 6, 5, 2, 2, 3, 1, 1);
    /** Agents from this index on are crawlers and scripts: no cookie, no referer. */
    private static final int FIRST_BOT = 9;

    /** Where a session's first page comes from; a {@code ?}-ending entry gets a search query. */
    private static final byte[][] LANDING_REFERERS = asciiAll(
            "-",
            "https://www.google.com/",
            "https://www.google.com/search?",
            "https://www.bing.com/search?",
            "https://duckduckgo.com/",
            "https://www.facebook.com/",
            "https://l.facebook.com/",
            "https://t.co/",
            "https://www.instagram.com/",
            "https://www.reddit.com/r/BuyItForLife/",
            "https://news.ycombinator.com/",
            "https://www.pinterest.com/");

    private static final WeightedChoice LANDING_REFERER = new WeightedChoice(35, 28, 7, 5, 3, 6, 2, 4, 3, 3, 2, 2);

    private static final String[] IPV6_PREFIXES = {"2a02", "2a01", "2600", "2607:fb90", "2001:16b8", "2a00:23c5"};

    private static final byte[] GET = ascii("GET");
    private static final byte[] POST = ascii("POST");
    private static final byte[] HEAD = ascii("HEAD");
    private static final byte[] HTTP_1_1 = ascii("HTTP/1.1");
    private static final byte[] HTTP_2 = ascii("HTTP/2.0");
    private static final byte[] ORIGIN = ascii(WebSite.ORIGIN);
    private static final byte[] NO_USER = ascii(" - - ");
    private static final byte[] OPEN_QUOTE = ascii(" \"");
    private static final byte[] CLOSE_QUOTE = ascii("\" ");
    private static final byte[] BETWEEN_QUOTES = ascii("\" \"");

    /** One session in progress: its visitor and what the visitor keeps across requests. */
    private static final class Session {
        final long order;
        final int visitor;
        final byte[] client;
        final byte[] cookie;
        final byte[] agent;
        final byte[] protocol;
        final boolean bot;
        long time;
        int viewsLeft;
        byte[] previousPath;
        byte[] previousQuery;

        Session(long order, int visitor, byte[] client, byte[] cookie, int agent, byte[] protocol) {
            this.order = order;
            this.visitor = visitor;
            this.client = client;
            this.cookie = cookie;
            this.agent = AGENTS[agent];
            this.protocol = protocol;
            this.bot = agent >= FIRST_BOT;
        }
    }

    private final FilePart part;
    private final SplittableRandom random;
    private final WebSite site;
    private final ApacheTimeFormat timeFormat = new ApacheTimeFormat();
    private final long visitorSalt;

    private final VisitorActivity activity;
    /** Per visitor, the second (since START) from which it may start a session; MAX_VALUE in one. */
    private final int[] freeFrom;

    private final double sessionsPerSecond;
    private final PriorityQueue<Session> open =
            new PriorityQueue<>(Comparator.<Session>comparingLong(s -> s.time).thenComparingLong(s -> s.order));
    /** Seconds since START of the next session start. */
    private double nextStart;

    private long sessions;

    WebLogGenerator(FilePart part) {
        this.part = part;
        this.random = part.random(STREAM_SALT);
        this.site = new WebSite(part.shared(SITE_SALT));
        this.visitorSalt = part.shared(VISITOR_SALT).nextLong();

        double meanViews = (1 - StrictMath.pow(MORE_VIEWS, MAX_VIEWS)) / (1 - MORE_VIEWS);
        double expectedSessions = Math.max(1.0, part.lines() / meanViews);
        this.activity = new VisitorActivity(expectedSessions, MAX_SESSIONS);
        this.freeFrom = new int[activity.visitors()];
        this.sessionsPerSecond = expectedSessions / ((double) DAYS * DAY);
        this.nextStart = startAfter(0);
    }

    @Override
    public void writeLine(LineWriter out) {
        Session s = nextView();
        writeView(s, out);
        if (--s.viewsLeft == 0) {
            freeFrom[s.visitor] = (int) Math.min(Integer.MAX_VALUE - 1, s.time + SESSION_GAP + 1);
        } else {
            long think = 2 + (long) (-25 * StrictMath.log(1 - random.nextDouble()));
            s.time += Math.min(think, MAX_THINK_SECONDS);
            open.add(s);
        }
    }

    /** The session whose next view comes first, after starting every session due before it. */
    private Session nextView() {
        while (open.isEmpty() || open.peek().time > (long) nextStart) {
            startSession((long) nextStart);
            nextStart = startAfter(nextStart);
        }
        return open.poll();
    }

    /** The next session start after {@code t}: a Poisson process with a daily swing, by thinning. */
    private double startAfter(double t) {
        double peak = sessionsPerSecond * (1 + DAILY_SWING);
        while (true) {
            t += -StrictMath.log(1 - random.nextDouble()) / peak;
            double dayFraction = (t % DAY) / DAY;
            double rate =
                    sessionsPerSecond * (1 + DAILY_SWING * StrictMath.sin(2 * Math.PI * (dayFraction - DAILY_PHASE)));
            if (random.nextDouble() * peak < rate) {
                return t;
            }
        }
    }

    /** Starts a session of a free visitor at {@code time}; drops it if none is found quickly. */
    private void startSession(long time) {
        for (int attempt = 0; attempt < PICK_ATTEMPTS; attempt++) {
            int visitor = activity.pick(random);
            if (freeFrom[visitor] <= time) {
                Session s = newSession(visitor);
                s.time = time;
                s.viewsLeft = 1;
                while (s.viewsLeft < MAX_VIEWS && random.nextDouble() < MORE_VIEWS) {
                    s.viewsLeft++;
                }
                freeFrom[visitor] = Integer.MAX_VALUE;
                open.add(s);
                return;
            }
        }
    }

    /** A session of {@code visitor}, whose address, agent and cookie follow from its id alone. */
    private Session newSession(int visitor) {
        long id = (long) visitor * part.count() + part.index();
        SplittableRandom v = new SplittableRandom(FilePart.mix(visitorSalt + id));
        int agent = AGENT.next(v);
        boolean bot = agent >= FIRST_BOT;
        boolean cookie = !bot && v.nextInt(100) >= 5;
        byte[] protocol = !bot && v.nextInt(100) < 55 ? HTTP_2 : HTTP_1_1;
        StringBuilder client = new StringBuilder(40);
        if (v.nextInt(100) < 15) {
            client.append(IPV6_PREFIXES[v.nextInt(IPV6_PREFIXES.length)]);
            for (int groups = client.indexOf(":") < 0 ? 1 : 2; groups < 4; groups++) {
                client.append(':').append(Integer.toHexString(v.nextInt(0x10000)));
            }
            client.append("::").append(Integer.toHexString(1 + v.nextInt(0xffff)));
        } else {
            int first = 1 + v.nextInt(223);
            if (first == 10 || first == 127) {
                first++;
            }
            client.append(first)
                    .append('.')
                    .append(v.nextInt(256))
                    .append('.')
                    .append(v.nextInt(256))
                    .append('.')
                    .append(1 + v.nextInt(254));
        }
        byte[] cookieText = null;
        if (cookie) {
            long c = FilePart.mix(id ^ ~visitorSalt);
            cookieText = new byte[16];
            for (int i = 0; i < 16; i++) {
                cookieText[i] = (byte) Character.forDigit((int) (c >>> (60 - 4 * i)) & 0xf, 16);
            }
        }
        return new Session(sessions++, visitor, ascii(client.toString()), cookieText, agent, protocol);
    }

    private void writeView(Session s, LineWriter out) {
        boolean landing = s.previousPath == null;
        int page = -1;
        byte[] path;
        byte[] query = null;
        if (random.nextInt(1000) < (s.bot ? 100 : 15)) {
            path = site.missingPath(random);
        } else {
            page = site.popularPath(random);
            path = site.path(page);
            query = site.query(page, landing, random);
        }
        PageKind kind = page < 0 ? null : site.kind(page);
        byte[] method = GET;
        if (kind == PageKind.FORM && random.nextInt(100) < 40) {
            method = POST;
        } else if (random.nextInt(500) == 0) {
            method = HEAD;
        }

        int status;
        long bytes;
        double medianMicros;
        if (page < 0) {
            status = 404;
            bytes = 380 + random.nextInt(800);
            medianMicros = 400;
        } else if (random.nextInt(1000) < 4) {
            status = 500;
            bytes = 530;
            medianMicros = 60_000;
        } else if (method == POST) {
            status = random.nextInt(10) == 0 ? 200 : 302;
            bytes = status == 302 ? 200 + random.nextInt(60) : site.size(page);
            medianMicros = 6_000;
        } else if (!landing && kind != PageKind.SEARCH && random.nextInt(100) < 6) {
            status = 304;
            bytes = 0;
            medianMicros = 250;
        } else {
            status = 200;
            bytes = site.size(page) * (900L + random.nextInt(201)) / 1000;
            medianMicros = kind == PageKind.SEARCH ? 9_000 : kind == PageKind.CATEGORY ? 4_000 : 1_800;
        }
        if (method == HEAD) {
            bytes = 0;
        }
        double z = (random.nextDouble() + random.nextDouble() + random.nextDouble() + random.nextDouble() - 2)
                * 1.7320508075688772; // mean 0, variance 1
        long micros = 20 + (long) (medianMicros * StrictMath.exp(0.7 * z));

        out.bytes(s.client)
                .bytes(NO_USER)
                .bytes(timeFormat.render(START + s.time))
                .bytes(OPEN_QUOTE)
                .bytes(method)
                .ascii(' ')
                .bytes(path);
        if (query != null) {
            out.ascii('?').bytes(query);
        }
        out.ascii(' ').bytes(s.protocol).bytes(CLOSE_QUOTE).number(status).ascii(' ');
        if (bytes == 0) {
            out.ascii('-');
        } else {
            out.number(bytes);
        }
        out.bytes(OPEN_QUOTE);
        writeReferer(s, out);
        out.bytes(BETWEEN_QUOTES).bytes(s.agent).bytes(BETWEEN_QUOTES);
        if (s.cookie == null) {
            out.ascii('-');
        } else {
            out.bytes(s.cookie);
        }
        out.bytes(CLOSE_QUOTE).number(micros).endLine();

        s.previousPath = path;
        s.previousQuery = query;
    }

    private void writeReferer(Session s, LineWriter out) {
        if (s.previousPath != null) {
            out.bytes(ORIGIN).bytes(s.previousPath);
            if (s.previousQuery != null) {
                out.ascii('?').bytes(s.previousQuery);
            }
        } else if (s.bot) {
            out.ascii('-');
        } else {
            byte[] referer = LANDING_REFERERS[LANDING_REFERER.next(random)];
            out.bytes(referer);
            if (referer[referer.length - 1] == '?') {
                out.bytes(site.searchQuery(random));
            }
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[][] asciiAll(String... strings) {
        byte[][] out = new byte[strings.length][];
        for (int i = 0; i < strings.length; i++) {
            out[i] = ascii(strings[i]);
        }
        return out;
    }
}
