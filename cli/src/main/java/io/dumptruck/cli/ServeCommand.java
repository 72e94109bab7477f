package io.dumptruck.cli;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code dumptruck serve <tables> [--port P]}: the slippy-map API and the map page over a load's output, a snapshot or
 * a table directory ({@link MapServer}), on this machine only unless {@code --bind} says otherwise, until stopped.
 */
final class ServeCommand extends Command {
    @Override
    public String summary() {
        return "serve the map page and the slippy-map API (tiles, questions as JSON) over a geo load's tables";
    }

    @Override
    public String usage() {
        return String.join(
                "\n",
                "dumptruck serve <tables> [--port P] [--bind ADDRESS] [--table T=LOCATION]",
                "  <tables>     the output directory of a geo load (tile_bounds, region_info, tile_places), or of the",
                "               demo: its tables are found by name in its loads' folders; a snapshot or table directory",
                "               of one table with --table T=LOCATION for the others",
                "  --port P     the port (default 8080; 0: any free one)",
                "  --bind A     the address to listen on (default 127.0.0.1: this machine only)",
                "  --table T=LOCATION  read table T from LOCATION (snapshot:NAME or a directory) (repeat)",
                "Routes: / (the map), /tiles/{z}/{x}/{y}.json[?types=country,admin1&region=ID], /questions,",
                "/questions/{name}?ARG=…  (docs/questions.md). Read-only; stop it with Ctrl-C.");
    }

    @Override
    public int run(String[] argv) throws Exception {
        Args args = new Args(argv, Set.of("port", "bind", "table"), Set.of());
        args.expectPositionals(1);
        Configuration conf = getConf();
        int port = args.getInt("port", 8080, 0, 65535);
        InetAddress bind;
        try {
            bind = InetAddress.getByName(args.has("bind") ? args.get("bind") : "127.0.0.1");
        } catch (UnknownHostException e) {
            throw new UsageException("--bind: no such address '" + args.get("bind") + "'", e);
        }
        QueryCommand.Tables tables = new QueryCommand.Tables(
                conf,
                TableLocation.of(conf, args.positional(0, "<tables>")),
                TableLocation.located(conf, args.getAll("table")),
                err);
        MapServer server;
        try {
            server = new MapServer(tables, new InetSocketAddress(bind, port), err).start();
        } catch (java.net.BindException e) {
            throw new UsageException(
                    "cannot listen on " + bind.getHostAddress() + ":" + port + " (" + e.getMessage()
                            + "): give another --port, or 0 for any free one",
                    e);
        }
        out.println("serving the map on http://" + bind.getHostAddress() + ":" + server.port() + "/ (Ctrl-C to stop)");
        out.flush();
        Thread.currentThread().join(); // until the JVM is stopped
        return 0;
    }
}
