package io.dumptruck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as a user meets it: the demo, get and scan output, usage and one-line errors. */
class CliTest {
  @TempDir static File tmp;
  static String users;
  static String byCity;
  static String demoOutput;

  record Run(int code, String out, String err) {}

  static synchronized Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldOut = System.out;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      System.setOut(o);
      int code = Main.run(args, o, e);
      return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(oldOut);
    }
  }

  @BeforeAll
  static void demo() {
    File dir = new File(tmp, "demo");
    Run r = run("demo", "--output", dir.getPath(), "--users", "300");
    assertEquals(0, r.code(), r.err());
    demoOutput = r.out();
    users = new File(dir, "tables/" + DemoCommand.USERS).getPath();
    byCity = new File(dir, "tables/" + DemoCommand.BY_CITY).getPath();
  }

  @Test
  void demoPrintsTablesAndAnswers() {
    assertTrue(demoOutput.contains("demo_users") && demoOutput.contains("demo_by_city"), demoOutput);
    assertTrue(demoOutput.contains("column=p:name, timestamp=1700000000000, value=User 42"), demoOutput);
    assertTrue(demoOutput.matches("(?s).*demo_users\\s+\\d+\\s+300\\s+\\d+\\s+\\d+.*"), "300 rows in the summary: " + demoOutput);
  }

  @Test
  void getPrintsOneRowInShellNotation() {
    Run r = run("get", users, "user00007", "--versions", "3", "--families", "p");
    assertEquals(0, r.code(), r.err());
    List<String> cells = r.out().lines().filter(l -> l.startsWith(" user00007")).toList();
    assertEquals(4, cells.size(), r.out()); // name + three versions of city
    assertTrue(r.out().contains("column=p:city"));
    assertFalse(r.out().contains("column=v:"), "--families p leaves v out");
    assertTrue(r.out().endsWith("1 row(s)\n"), r.out());
  }

  @Test
  void getOfAnAbsentRowPrintsNoRow() {
    Run r = run("get", users, "nobody");
    assertEquals(0, r.code());
    assertTrue(r.out().endsWith("0 row(s)\n"), r.out());
  }

  @Test
  void scanTakesEscapedAndHexKeys() {
    Run shell = run("scan", byCity, "--prefix", "Lisbon\\x00", "--limit", "3");
    assertEquals(0, shell.code(), shell.err());
    assertTrue(shell.out().contains(" Lisbon\\x00user"), shell.out());
    assertTrue(shell.out().endsWith("3 row(s)\n"), shell.out());
    Run hex = run("scan", byCity, "--prefix", "4c6973626f6e00", "--limit", "3", "--hex");
    assertEquals(0, hex.code(), hex.err());
    assertTrue(hex.out().contains(" 4c6973626f6e0075736572"), hex.out()); // "Lisbon\0user" in hex
    assertEquals(shell.out().lines().count(), hex.out().lines().count());
  }

  @Test
  void scanRangeIsStopExclusive() {
    Run r = run("scan", users, "--start", "user00010", "--stop", "user00013", "--columns", "p:name");
    assertEquals(0, r.code(), r.err());
    assertEquals(List.of(" user00010", " user00011", " user00012"),
        r.out().lines().filter(l -> l.startsWith(" user")).map(l -> l.substring(0, 10)).toList());
  }

  @Test
  void errorsAreOneLineWithNonZeroExit() {
    Run missing = run("get", new File(tmp, "nope").getPath(), "x");
    assertEquals(1, missing.code());
    assertTrue(missing.err().startsWith("dumptruck get: no table directory"), missing.err());
    assertEquals(1, missing.err().lines().count(), "one line: " + missing.err());

    Run outputDir = run("scan", new File(users).getParent());
    assertEquals(1, outputDir.code());
    assertTrue(outputDir.err().contains("is an output directory, not a table"), outputDir.err());

    Run badKey = run("get", users, "a\\xZZ");
    assertEquals(2, badKey.code());
    assertEquals(1, badKey.err().lines().count(), "one line: " + badKey.err());
    assertTrue(badKey.err().endsWith("(see: dumptruck help get)\n"), badKey.err());
    assertTrue(badKey.err().contains("is not a \\xNN escape"), badKey.err());

    Run badHex = run("get", users, "xyz", "--hex");
    assertEquals(2, badHex.code());
    assertTrue(badHex.err().contains("is not hex"), badHex.err());

    Run unknown = run("scan", users, "--prefx", "a");
    assertEquals(2, unknown.code());
    assertTrue(unknown.err().startsWith("dumptruck scan: unknown option --prefx"), unknown.err());

    Run both = run("scan", users, "--prefix", "a", "--start", "b");
    assertEquals(2, both.code());

    Run command = run("frobnicate");
    assertEquals(2, command.code());
    assertTrue(command.err().contains("unknown command 'frobnicate'"), command.err());

    Run demoAgain = run("demo", "--output", new File(users).getParentFile().getParent());
    assertEquals(2, demoAgain.code());
    assertTrue(demoAgain.err().contains("already exists"), demoAgain.err());
  }

  @Test
  void keysThatLookLikeOptionsOrHelpAreKeys() {
    Run help = run("get", users, "help");
    assertEquals(0, help.code(), help.err());
    assertTrue(help.out().endsWith("0 row(s)\n"), "'help' as a row key is looked up: " + help.out());
    Run dashes = run("get", users, "--", "--x");
    assertEquals(0, dashes.code(), dashes.err());
    assertTrue(dashes.out().endsWith("0 row(s)\n"), dashes.out());
  }

  @Test
  void badReadOptionsAreUsageErrors() {
    Run family = run("get", users, "user00001", "--families", "nosuch");
    assertEquals(2, family.code());
    assertTrue(family.err().contains("has no family 'nosuch' (families: p, v)"), family.err());
    Run range = run("scan", users, "--start", "z", "--stop", "a");
    assertEquals(2, range.code());
    assertTrue(range.err().contains("is after stop row"), range.err());
    Run time = run("scan", users, "--time-range", "1,2,3");
    assertEquals(2, time.code());
    assertTrue(time.err().contains("--time-range takes T1,T2"), time.err());
    Run emptyTime = run("scan", users, "--time-range", "5,5");
    assertEquals(2, emptyTime.code());
    assertTrue(emptyTime.err().contains("time range [5, 5) is empty"), emptyTime.err());
  }

  @Test
  void helpListsCommandsAndTheirOptions() {
    Run help = run("help");
    assertEquals(0, help.code());
    for (String c : Main.COMMANDS.keySet()) {
      assertTrue(help.out().contains("  " + c + " "), help.out());
    }
    Run scanHelp = run("scan", "--help");
    assertEquals(0, scanHelp.code());
    assertTrue(scanHelp.out().contains("--prefix P"), scanHelp.out());
    assertEquals(2, run().code(), "no command at all is a usage error");
  }
}
