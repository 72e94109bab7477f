package io.dumptruck.loaders.generate;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Wikipedia-style titles with a rank, {@code title TAB rank}, underscores for spaces:
 *
 * <pre>
 * List_of_rivers_of_Brazil	412
 * The_Silent_Tower_(novel)	37
 * San_Diego_County	88231
 * </pre>
 *
 * <p>Titles come from a few templates whose first words are strongly skewed, as in real title lists: about 13% start
 * with {@code The_}, 11% with {@code List_of_}, 5% with {@code New_} and 4% with {@code San_}, and every word list is
 * drawn with Zipf popularity, so a few prefixes are shared by a large part of the titles. Some words are not ASCII
 * ({@code São_Paulo}, {@code Kraków}); half of the places and surnames are {@linkplain InventedNames invented}, so most
 * titles are distinct, though not all (the loader keeps a repeated title once, with its best rank). Ranks are integers
 * with a Pareto tail, {@code P(rank ≥ r) = 1/r}: Zipf's law for page views. Not thread-safe.
 */
final class TitleGenerator implements LineGenerator {
    private static final long STREAM_SALT = 0x2c4f_8a61_e0b3_97d5L;

    private static final Vocabulary ADJECTIVES = new Vocabulary(
            0.8,
            "Great",
            "Old",
            "Little",
            "Black",
            "Red",
            "Royal",
            "Northern",
            "Last",
            "Golden",
            "Southern",
            "Lost",
            "Silent",
            "Dark",
            "First",
            "Young",
            "Wild",
            "Blue",
            "White",
            "Green",
            "Big",
            "High",
            "Upper",
            "Lower",
            "Eastern",
            "Western",
            "Holy",
            "Broken",
            "Hidden",
            "Iron",
            "Crimson",
            "Electric",
            "Secret",
            "Long",
            "Final",
            "Central",
            "Imperial",
            "Free",
            "Modern",
            "Ancient");
    private static final Vocabulary NOUNS = new Vocabulary(
            0.8,
            "River",
            "House",
            "King",
            "War",
            "Battle",
            "Castle",
            "Church",
            "Station",
            "Lake",
            "Mountain",
            "Island",
            "Street",
            "Bridge",
            "School",
            "University",
            "Road",
            "Park",
            "Tower",
            "Empire",
            "Kingdom",
            "Republic",
            "Party",
            "Club",
            "Company",
            "Railway",
            "Airport",
            "Hospital",
            "Museum",
            "Valley",
            "Forest",
            "Band",
            "Album",
            "Game",
            "Story",
            "Song",
            "Ship",
            "Library",
            "Garden",
            "Theatre",
            "Cathedral",
            "Palace",
            "Harbour",
            "Line",
            "Door",
            "Queen",
            "Prince",
            "Sea");
    private static final Vocabulary PLACES = new Vocabulary(
            0.9,
            "London",
            "France",
            "India",
            "California",
            "Texas",
            "Germany",
            "Japan",
            "Canada",
            "Australia",
            "Brazil",
            "Ohio",
            "Paris",
            "Berlin",
            "Tokyo",
            "Scotland",
            "Ireland",
            "Italy",
            "Spain",
            "Mexico",
            "Ontario",
            "Florida",
            "Virginia",
            "Poland",
            "Sweden",
            "Norway",
            "Egypt",
            "China",
            "Russia",
            "São_Paulo",
            "Zürich",
            "Kraków",
            "Málaga",
            "Ōsaka",
            "Łódź",
            "Reykjavík",
            "Düsseldorf",
            "Montréal",
            "Bogotá",
            "Chennai",
            "Lagos",
            "Nairobi",
            "Seoul",
            "Istanbul",
            "Vienna",
            "Prague");
    private static final Vocabulary PLURALS = new Vocabulary(
            0.8,
            "people",
            "rivers",
            "films",
            "songs",
            "mountains",
            "islands",
            "airports",
            "universities",
            "football_clubs",
            "episodes",
            "characters",
            "cities",
            "railway_stations",
            "schools",
            "museums",
            "bridges",
            "lakes",
            "albums",
            "awards",
            "battles",
            "ships",
            "castles",
            "churches",
            "companies",
            "newspapers",
            "radio_stations",
            "television_series",
            "bands",
            "novels",
            "birds");
    private static final Vocabulary LIST_LINKS = new Vocabulary(0.7, "_of_", "_in_", "_from_", "_by_");
    private static final Vocabulary FIRST_NAMES = new Vocabulary(
            0.7,
            "John",
            "William",
            "James",
            "Mary",
            "George",
            "Charles",
            "Robert",
            "Thomas",
            "Elizabeth",
            "Henry",
            "David",
            "Anna",
            "Maria",
            "Peter",
            "Richard",
            "Edward",
            "Sarah",
            "Michael",
            "José",
            "Jean",
            "Hans",
            "Ivan",
            "Giovanni",
            "Yuki",
            "Amir",
            "Chen",
            "Olga",
            "Fatima",
            "Björn",
            "Zoë");
    private static final Vocabulary LAST_NAMES = new Vocabulary(
            0.6,
            "Smith",
            "Johnson",
            "Williams",
            "Brown",
            "Jones",
            "Miller",
            "Davis",
            "García",
            "Wilson",
            "Taylor",
            "Anderson",
            "Thomas",
            "Moore",
            "Martin",
            "Lee",
            "Müller",
            "Schmidt",
            "Rossi",
            "Dubois",
            "Nowak",
            "Kowalski",
            "Tanaka",
            "Suzuki",
            "Kim",
            "Nguyen",
            "Singh",
            "Kumar",
            "Silva",
            "Santos",
            "Ivanov",
            "Petrov",
            "Jensen",
            "Hansen",
            "O'Brien",
            "Murphy",
            "Walsh",
            "Novák");
    private static final Vocabulary NEW_PLACES = new Vocabulary(
            1.0,
            "York",
            "Jersey",
            "Zealand",
            "Orleans",
            "South_Wales",
            "Hampshire",
            "Mexico",
            "Haven",
            "Delhi",
            "Brunswick",
            "England",
            "Caledonia",
            "Guinea",
            "Order",
            "Wave",
            "Deal",
            "Testament",
            "Democratic_Party",
            "London",
            "Westminster",
            "Plymouth",
            "Bedford",
            "Rochelle",
            "Britain");
    private static final Vocabulary SAN_PLACES = new Vocabulary(
            1.0,
            "Francisco",
            "Diego",
            "Antonio",
            "José",
            "Juan",
            "Marino",
            "Sebastián",
            "Pedro",
            "Miguel",
            "Luis_Obispo",
            "Bernardino",
            "Mateo",
            "Salvador",
            "Fernando",
            "Rafael",
            "Andrés",
            "Isidro",
            "Lorenzo",
            "Cristóbal",
            "Martín",
            "Carlos",
            "Gabriel",
            "Marcos",
            "Felipe",
            "Remo");
    private static final Vocabulary PLACE_SUFFIXES = new Vocabulary(
            0.9,
            "County",
            "Bay",
            "Valley",
            "International_Airport",
            "River",
            "Province",
            "Cathedral",
            "Mountains",
            "Giants",
            "Padres",
            "Unified_School_District",
            "Metro",
            "Zoo",
            "Police_Department");
    private static final Vocabulary KINDS = new Vocabulary(
            0.8,
            "film",
            "album",
            "band",
            "novel",
            "song",
            "TV_series",
            "disambiguation",
            "video_game",
            "politician",
            "footballer",
            "painter",
            "ship",
            "play",
            "magazine",
            "horse",
            "surname");
    private static final Vocabulary PROFESSIONS = new Vocabulary(
            0.8,
            "footballer",
            "politician",
            "actor",
            "singer",
            "writer",
            "painter",
            "cricketer",
            "musician",
            "bishop",
            "architect",
            "composer",
            "physicist",
            "boxer",
            "journalist",
            "judge",
            "rugby_union");

    private static final byte[] THE = ascii("The_");
    private static final byte[] LIST_OF = ascii("List_of_");
    private static final byte[] NEW = ascii("New_");
    private static final byte[] SAN = ascii("San_");
    private static final byte[] IN = ascii("_in_");
    private static final byte[] OF = ascii("_of_");

    private enum Template {
        THE,
        LIST,
        NEW,
        SAN,
        PERSON,
        PLACE_THING,
        THING_OF_PLACE,
        YEAR_IN_PLACE,
        ADJECTIVE_NOUN
    }

    private static final Template[] TEMPLATES = Template.values();
    private static final WeightedChoice TEMPLATE = new WeightedChoice(13, 11, 5, 4, 22, 12, 14, 5, 14);

    private final SplittableRandom random;

    TitleGenerator(FilePart part) {
        this.random = part.random(STREAM_SALT);
    }

    @Override
    public void writeLine(LineWriter out) {
        switch (TEMPLATES[TEMPLATE.next(random)]) {
            case THE:
                out.bytes(THE);
                int before = random.nextInt(100);
                if (before < 45) {
                    out.bytes(ADJECTIVES.pick(random)).ascii('_');
                } else if (before < 70) {
                    InventedNames.write(out, random);
                    out.ascii('_');
                }
                out.bytes(NOUNS.pick(random));
                kind(out, 50);
                break;
            case LIST:
                out.bytes(LIST_OF).bytes(PLURALS.pick(random)).bytes(LIST_LINKS.pick(random));
                place(out);
                break;
            case NEW:
                out.bytes(NEW).bytes(NEW_PLACES.pick(random));
                suffix(out, 30);
                break;
            case SAN:
                out.bytes(SAN).bytes(SAN_PLACES.pick(random));
                suffix(out, 40);
                break;
            case PERSON:
                out.bytes(FIRST_NAMES.pick(random)).ascii('_');
                if (random.nextInt(100) < 15) {
                    out.ascii((char) ('A' + random.nextInt(26))).ascii('.').ascii('_');
                }
                if (random.nextBoolean()) {
                    out.bytes(LAST_NAMES.pick(random));
                } else {
                    InventedNames.write(out, random);
                }
                if (random.nextInt(100) < 35) {
                    out.ascii('_').ascii('(').bytes(PROFESSIONS.pick(random)).ascii(')');
                }
                break;
            case PLACE_THING:
                place(out);
                out.ascii('_');
                if (random.nextInt(100) < 30) {
                    out.bytes(ADJECTIVES.pick(random)).ascii('_');
                }
                out.bytes(NOUNS.pick(random));
                break;
            case THING_OF_PLACE:
                out.bytes(NOUNS.pick(random)).bytes(OF);
                place(out);
                break;
            case YEAR_IN_PLACE:
                out.number(1900 + random.nextInt(126)).bytes(IN);
                place(out);
                break;
            default:
                out.bytes(ADJECTIVES.pick(random)).ascii('_').bytes(NOUNS.pick(random));
                kind(out, 35);
                break;
        }
        // Pareto tail with P(rank ≥ r) = 1/r, from a uniform in (0, 1].
        long rank = (long) (1 / (1 - random.nextDouble()));
        out.ascii('\t').number(rank).endLine();
    }

    /** A place: a well-known one (Zipf) or, half of the time, an invented one. */
    private void place(LineWriter out) {
        if (random.nextBoolean()) {
            out.bytes(PLACES.pick(random));
        } else {
            InventedNames.write(out, random);
        }
    }

    /** With {@code percent}% probability a disambiguation: {@code _(film)}, {@code _(1987_film)}. */
    private void kind(LineWriter out, int percent) {
        if (random.nextInt(100) < percent) {
            out.ascii('_').ascii('(');
            if (random.nextInt(100) < 30) {
                out.number(1920 + random.nextInt(106)).ascii('_');
            }
            out.bytes(KINDS.pick(random)).ascii(')');
        }
    }

    /** With {@code percent}% probability a place suffix: {@code _County}, {@code _Bay}. */
    private void suffix(LineWriter out, int percent) {
        if (random.nextInt(100) < percent) {
            out.ascii('_').bytes(PLACE_SUFFIXES.pick(random));
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
