package io.dumptruck.formats.runtime;

import io.dumptruck.formats.FormatConf;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.MRConfig;

/**
 * Who holds an output directory's claim ({@link OutputDirectory#claim}), and whether it is provably gone — so that a
 * job killed without its clean-up (SIGKILL, an out-of-memory kill, a lost node) leaves no directory claimed for ever.
 *
 * <pre>
 *   _CLAIMED        line 1: the token · line 2: user@host and the time, for people ·
 *                   line 3: "holder HOST PID START" (START: the process's start, epoch ms)
 *                   its modification time: the last renewal (every 30 s while the holder runs)
 *   _CLAIMED_JOB    the id of the job writing the directory (written as the job sets up)
 * </pre>
 *
 * The holder is gone when: it died while writing the claim (one left unfinished for 5 s); the job it submitted to a
 * cluster has ended (or the cluster no longer knows it) — a job still running on the cluster keeps its claim whatever
 * became of its client; else, on this machine, its process is no longer running (no process with that id, or one
 * started at another time); else, on another machine, its claim was not renewed for
 * {@link FormatConf#OUTPUT_CLAIM_LEASE_MS}. Nothing else is taken for gone: a cluster that cannot be asked keeps the
 * claim.
 */
final class ClaimHolder {
    static final String JOB_FILE = "_CLAIMED_JOB";
    static final long RENEW_MS = 30_000;
    /**
     * A claim is written in one go right after its directory is made: one left unfinished this long ago was its
     * writer's last act.
     */
    static final long UNFINISHED_CLAIM_MS = 5_000;

    private static final String HOLDER = "holder ";

    private static final Map<Path, String> RENEWED = new ConcurrentHashMap<>();
    private static final ScheduledExecutorService RENEWER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "dumptruck-claim-renewer");
        t.setDaemon(true);
        return t;
    });

    private ClaimHolder() {}

    /** This process, as line 3 of a claim it makes. */
    static String line() {
        return HOLDER + host() + " " + ProcessHandle.current().pid() + " " + started(ProcessHandle.current());
    }

    static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown-host";
        }
    }

    private static long started(ProcessHandle p) {
        return p.info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
    }

    /** Renews the claim {@code token} on {@code dir} every 30 s while this process holds it. */
    static void renew(FileSystem fs, Path dir, String token, Configuration conf) {
        RENEWED.put(dir, token);
        RENEWER.scheduleWithFixedDelay(
                new Runnable() {
                    @Override
                    public void run() {
                        try {
                            if (!token.equals(RENEWED.get(dir)) || !OutputDirectory.claimedBy(dir, token, conf)) {
                                RENEWED.remove(dir, token);
                                throw new IllegalStateException("claim ended"); // cancels this renewal
                            }
                            fs.setTimes(new Path(dir, OutputDirectory.CLAIM_FILE), System.currentTimeMillis(), -1);
                        } catch (IOException e) {
                            // the next renewal tries again; a claim not renewed for the lease is taken over
                        }
                    }
                },
                RENEW_MS,
                RENEW_MS,
                TimeUnit.MILLISECONDS);
    }

    /** Stops renewing the claim on {@code dir}. */
    static void ended(Path dir) {
        RENEWED.remove(dir);
    }

    /** Records {@code job}'s id beside the claim {@code token} on {@code dir}, as the job sets up. */
    static void jobSetUp(Path dir, String token, JobID job, Configuration conf) throws IOException {
        if (token != null && OutputDirectory.claimedBy(dir, token, conf)) {
            try (FSDataOutputStream o = dir.getFileSystem(conf).create(new Path(dir, JOB_FILE), true)) {
                o.write(job.toString().getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    /**
     * Why the holder of {@code dir}'s claim is provably gone (one phrase: "pid 4242 on this machine is no longer
     * running"), or empty while it may still write there.
     */
    static Optional<String> gone(FileSystem fs, Path dir, Configuration conf) throws IOException {
        String text;
        long renewed;
        try {
            renewed =
                    fs.getFileStatus(new Path(dir, OutputDirectory.CLAIM_FILE)).getModificationTime();
            try (FSDataInputStream in = fs.open(new Path(dir, OutputDirectory.CLAIM_FILE))) {
                text = new String(in.readNBytes(4096), StandardCharsets.UTF_8);
            } catch (FileNotFoundException e) {
                return Optional.empty(); // it just ended
            } catch (IOException e) { // an empty claim, or one whose checksum file was cut short with it
                text = "";
            }
        } catch (FileNotFoundException e) {
            return Optional.empty(); // no claim, or it just ended
        }
        long idle = System.currentTimeMillis() - renewed;
        if (!text.endsWith("\n")) { // a claim is written whole, at once: a part of one is its writer's last act
            return idle > UNFINISHED_CLAIM_MS
                    ? Optional.of("the job that claimed it died while writing its claim (" + idle / 1000 + " s ago)")
                    : Optional.empty();
        }
        String[] claim = text.split("\n");
        Optional<String> job = submittedJob(fs, dir);
        if (job.isPresent() && !job.get().startsWith("job_local")) {
            return clusterJobEnded(job.get(), conf);
        }
        String[] holder = claim.length > 2 && claim[2].startsWith(HOLDER)
                ? claim[2].substring(HOLDER.length()).split(" ")
                : null;
        if (holder != null && holder.length == 3 && holder[0].equals(host())) {
            long pid = Long.parseLong(holder[1]);
            long started = Long.parseLong(holder[2]);
            boolean running = ProcessHandle.of(pid)
                    .filter(ProcessHandle::isAlive)
                    .map(p -> started(p) == started)
                    .orElse(false);
            return running
                    ? Optional.empty()
                    : Optional.of("pid " + pid + " on this machine (" + holder[0] + ") is no longer running");
        }
        long lease = FormatConf.OUTPUT_CLAIM_LEASE_MS.getLong(conf);
        return idle > lease
                ? Optional.of((holder == null ? "its holder" : "pid " + holder[1] + " on " + holder[0])
                        + " has not renewed it since " + Instant.ofEpochMilli(renewed) + " (" + idle / 1000
                        + " s; dumptruck.output.claim.lease.ms is " + lease + ")")
                : Optional.empty();
    }

    private static Optional<String> submittedJob(FileSystem fs, Path dir) throws IOException {
        try (FSDataInputStream in = fs.open(new Path(dir, JOB_FILE))) {
            return Optional.of(new String(in.readNBytes(256), StandardCharsets.UTF_8).trim());
        } catch (FileNotFoundException e) {
            return Optional.empty();
        }
    }

    /** "its job … has ended" when the cluster says so or no longer knows it; empty while it runs or can't be asked. */
    private static Optional<String> clusterJobEnded(String id, Configuration conf) {
        if (MRConfig.LOCAL_FRAMEWORK_NAME.equals(conf.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME))) {
            return Optional.empty(); // a local run cannot ask the cluster the job ran on
        }
        try {
            Cluster cluster = new Cluster(conf);
            try {
                Job job = cluster.getJob(JobID.forName(id));
                if (job == null) {
                    return Optional.of("its job " + id + " is no longer known to the cluster");
                }
                return job.isComplete()
                        ? Optional.of("its job " + id + " has ended (" + job.getJobState() + ")")
                        : Optional.empty();
            } finally {
                cluster.close();
            }
        } catch (IOException | InterruptedException | IllegalArgumentException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return Optional.empty();
        }
    }
}
