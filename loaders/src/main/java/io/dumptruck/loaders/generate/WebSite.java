package io.dumptruck.loaders.generate;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The synthetic shop the web logs are requests to: {@value #PATHS} paths (home, shop pages, categories, products, blog
 * posts, docs, help) with Zipf popularity, the query strings each kind of page takes, paths that answer 404, and
 * typical response sizes. Built from one random stream, so every file of a seed sees the same site. Immutable.
 */
final class WebSite {
    static final int PATHS = 2_000;
    /** Where in-site referers point: {@code ORIGIN + previous path}. */
    static final String ORIGIN = "https://www.example.com";

    /** What a path is; decides its queries, methods and sizes. */
    enum PageKind {
        HOME,
        PAGE,
        FORM,
        SEARCH,
        CATEGORY,
        PRODUCT,
        ARTICLE
    }

    private static final String[] FIXED = {
        "/",
        "/products",
        "/search",
        "/cart",
        "/deals",
        "/login",
        "/blog",
        "/account",
        "/checkout",
        "/signup",
        "/account/orders",
        "/about",
        "/contact",
        "/help",
        "/docs",
        "/logout",
        "/privacy",
        "/terms",
        "/careers",
        "/press",
        "/gift-cards",
        "/stores",
        "/returns",
        "/shipping"
    };
    private static final Set<String> FORMS = Set.of("/cart", "/login", "/checkout", "/signup", "/contact");
    private static final String[] CATEGORIES = {
        "shoes",
        "jackets",
        "shirts",
        "trousers",
        "dresses",
        "bags",
        "hats",
        "socks",
        "watches",
        "sunglasses",
        "backpacks",
        "tents",
        "sleeping-bags",
        "stoves",
        "lamps",
        "chairs",
        "tables",
        "sofas",
        "beds",
        "rugs",
        "kettles",
        "mugs",
        "knives",
        "pans",
        "bikes",
        "helmets",
        "gloves",
        "scarves",
        "boots",
        "sandals",
        "toys",
        "books",
        "games",
        "phones",
        "laptops",
        "cables",
        "headphones",
        "speakers",
        "cameras",
        "printers"
    };
    private static final String[] ADJECTIVES = {
        "classic",
        "light",
        "trail",
        "urban",
        "pro",
        "ultra",
        "mini",
        "wool",
        "waterproof",
        "compact",
        "vintage",
        "alpine",
        "everyday",
        "travel",
        "summer",
        "winter",
        "slim",
        "heavy-duty",
        "soft",
        "recycled",
        "organic",
        "wireless",
        "smart",
        "folding",
        "insulated",
        "merino",
        "canvas",
        "leather"
    };
    private static final String[] NOUNS = {
        "runner",
        "parka",
        "tee",
        "chino",
        "midi",
        "tote",
        "beanie",
        "crew",
        "field",
        "aviator",
        "pack",
        "dome",
        "mummy",
        "burner",
        "lantern",
        "stool",
        "desk",
        "loveseat",
        "frame",
        "kilim",
        "whistle",
        "cup",
        "chef",
        "skillet",
        "gravel",
        "shell",
        "mitten",
        "wrap",
        "chelsea",
        "slide",
        "puzzle",
        "novel",
        "deck",
        "case",
        "sleeve",
        "charger",
        "buds",
        "bar",
        "lens",
        "inkjet"
    };
    private static final String[] TOPICS = {
        "sizing", "care", "warranty", "payment", "delivery", "tracking", "refunds", "exchanges",
        "gift-wrap", "accounts", "passwords", "privacy", "cookies", "coupons", "membership", "stores",
        "repairs", "recycling", "bulk-orders", "international", "taxes", "invoices", "security"
    };
    private static final String[] DOC_SECTIONS = {"api", "guides", "sdk", "webhooks", "reference"};
    private static final String[] COLORS = {
        "black", "white", "red", "blue", "green", "navy", "grey", "olive", "sand", "pink"
    };
    private static final String[] SEARCH_WORDS = {
        "rain",
        "jacket",
        "shoes",
        "black",
        "men",
        "women",
        "kids",
        "sale",
        "running",
        "boots",
        "warm",
        "wool",
        "bag",
        "gift",
        "tent",
        "light",
        "waterproof",
        "size",
        "leather",
        "red",
        "cheap",
        "best",
        "winter",
        "summer",
        "hiking",
        "laptop",
        "case",
        "phone",
        "charger",
        "lamp",
        "desk",
        "chair",
        "sofa",
        "mug",
        "knife",
        "pan",
        "bike",
        "helmet",
        "gloves",
        "scarf"
    };
    private static final String[] MISSING = {
        "/wp-login.php",
        "/xmlrpc.php",
        "/.env",
        "/admin",
        "/phpmyadmin/",
        "/wp-admin/",
        "/old-shop",
        "/favicon.png",
        "/apple-touch-icon.png",
        "/products/discontinued",
        "/blog/feed",
        "/.git/config",
        "/cgi-bin/test.cgi",
        "/sale2019",
        "/index.php",
        "/shop",
        "/robots.txt.bak",
        "/login.aspx"
    };

    private final byte[][] paths = new byte[PATHS][];
    private final PageKind[] kinds = new PageKind[PATHS];
    private final int[] sizes = new int[PATHS];
    private final WeightedChoice popularity = WeightedChoice.zipf(PATHS, 1.0);
    private final byte[][] missing;
    private final Vocabulary searches;
    private final byte[][] categoryQueries;
    private final byte[][] productQueries;
    private final byte[][] landingQueries;

    WebSite(SplittableRandom random) {
        List<String> others = new ArrayList<>();
        Set<String> seen = new HashSet<>(List.of(FIXED));
        for (String c : CATEGORIES) {
            add("/category/" + c, others, seen);
        }
        for (String t : TOPICS) {
            add("/help/" + t, others, seen);
        }
        for (String section : DOC_SECTIONS) {
            for (int i = 0; i < 16; i++) {
                add("/docs/" + section + "/" + pick(TOPICS, random) + "-" + pick(NOUNS, random), others, seen);
            }
        }
        while (others.size() < 400) {
            int month = 1 + random.nextInt(12);
            add(
                    "/blog/2025/" + (month < 10 ? "0" : "") + month + "/" + pick(ADJECTIVES, random) + "-"
                            + pick(NOUNS, random) + "-" + pick(TOPICS, random),
                    others,
                    seen);
        }
        while (others.size() < PATHS - FIXED.length) {
            add(
                    "/products/" + pick(CATEGORIES, random) + "/" + pick(ADJECTIVES, random) + "-" + pick(NOUNS, random)
                            + "-" + (1000 + random.nextInt(99_000)),
                    others,
                    seen);
        }
        for (int i = others.size() - 1; i > 0; i--) { // Fisher–Yates: popularity ranks mix the kinds
            int j = random.nextInt(i + 1);
            others.set(j, others.set(i, others.get(j)));
        }
        // The first few fixed pages are the most popular, the rest of them rank among the others.
        int head = 8;
        for (int i = FIXED.length - 1; i >= head; i--) {
            others.add(random.nextInt(others.size() / 4), FIXED[i]);
        }
        for (int i = 0; i < PATHS; i++) {
            String path = i < head ? FIXED[i] : others.get(i - head);
            paths[i] = utf8(path);
            kinds[i] = kindOf(path);
            sizes[i] = sizeOf(kinds[i], random);
        }
        missing = new byte[MISSING.length][];
        for (int i = 0; i < MISSING.length; i++) {
            missing[i] = utf8(MISSING[i]);
        }

        String[] phrases = new String[500];
        for (int i = 0; i < phrases.length; i++) {
            StringBuilder q = new StringBuilder("q=").append(pick(SEARCH_WORDS, random));
            for (int words = random.nextInt(3); words > 0; words--) {
                q.append('+').append(pick(SEARCH_WORDS, random));
            }
            if (random.nextInt(10) == 0) {
                q.append("&page=").append(2 + random.nextInt(5));
            }
            phrases[i] = q.toString();
        }
        searches = new Vocabulary(0.9, phrases);
        List<String> category = new ArrayList<>();
        for (int page = 2; page <= 12; page++) {
            category.add("page=" + page);
        }
        category.addAll(List.of(
                "sort=price_asc",
                "sort=price_desc",
                "sort=newest",
                "sort=rating",
                "size=m",
                "size=l",
                "color=black&sort=newest",
                "in_stock=1"));
        categoryQueries = utf8(category);
        List<String> product = new ArrayList<>();
        for (String color : COLORS) {
            product.add("color=" + color);
        }
        product.addAll(List.of("ref=recs", "ref=search", "variant=2", "size=42"));
        productQueries = utf8(product);
        landingQueries = utf8(List.of(
                "utm_source=newsletter&utm_medium=email&utm_campaign=jan26",
                "utm_source=facebook&utm_medium=cpc",
                "utm_source=google&utm_medium=cpc&gclid=eaiaiqobch",
                "ref=affiliate&aff_id=2231",
                "lang=de",
                "lang=fr"));
    }

    /** A path index by popularity (0 is the most popular). */
    int popularPath(SplittableRandom random) {
        return popularity.next(random);
    }

    byte[] path(int i) {
        return paths[i];
    }

    PageKind kind(int i) {
        return kinds[i];
    }

    /** Typical body size of the page in bytes. */
    int size(int i) {
        return sizes[i];
    }

    /** A path no page lives at: old links and vulnerability scans. */
    byte[] missingPath(SplittableRandom random) {
        return missing[random.nextInt(missing.length)];
    }

    /** A search query as sent to the site's {@code /search}, {@code q=} included. */
    byte[] searchQuery(SplittableRandom random) {
        return searches.pick(random);
    }

    /** The query of a request to path {@code i} without its {@code ?}, or null for none. */
    byte[] query(int i, boolean landing, SplittableRandom random) {
        switch (kinds[i]) {
            case SEARCH:
                return searches.pick(random);
            case CATEGORY:
                return random.nextInt(100) < 35 ? categoryQueries[random.nextInt(categoryQueries.length)] : null;
            case PRODUCT:
                return random.nextInt(100) < 12 ? productQueries[random.nextInt(productQueries.length)] : null;
            default:
                return landing && random.nextInt(100) < 6
                        ? landingQueries[random.nextInt(landingQueries.length)]
                        : null;
        }
    }

    private static PageKind kindOf(String path) {
        if (path.equals("/")) {
            return PageKind.HOME;
        }
        if (FORMS.contains(path)) {
            return PageKind.FORM;
        }
        if (path.equals("/search")) {
            return PageKind.SEARCH;
        }
        if (path.startsWith("/category/") || path.equals("/products") || path.equals("/deals")) {
            return PageKind.CATEGORY;
        }
        if (path.startsWith("/products/")) {
            return PageKind.PRODUCT;
        }
        if (path.startsWith("/blog/") || path.startsWith("/docs/") || path.startsWith("/help/")) {
            return PageKind.ARTICLE;
        }
        return PageKind.PAGE;
    }

    private static int sizeOf(PageKind kind, SplittableRandom random) {
        switch (kind) {
            case HOME:
                return 48_000 + random.nextInt(4_000);
            case CATEGORY:
            case SEARCH:
                return 30_000 + random.nextInt(30_000);
            case PRODUCT:
                return 18_000 + random.nextInt(40_000);
            case ARTICLE:
                return 9_000 + random.nextInt(60_000);
            default:
                return 4_000 + random.nextInt(12_000);
        }
    }

    private static void add(String path, List<String> into, Set<String> seen) {
        if (seen.add(path)) {
            into.add(path);
        }
    }

    private static String pick(String[] words, SplittableRandom random) {
        return words[random.nextInt(words.length)];
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[][] utf8(List<String> strings) {
        byte[][] out = new byte[strings.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = utf8(strings.get(i));
        }
        return out;
    }
}
