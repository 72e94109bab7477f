package io.dumptruck.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.OperatingSystemMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Measures one action in this JVM: wall time, the process's CPU time (all threads, GC and JIT included), the peak heap
 * in use (sampled every 10 ms and read before each collection) and the peak heap still in use after a collection — what
 * the action really kept alive.
 */
final class Measure implements AutoCloseable {
    /** The figures of one measured action. */
    record Figures(long wallNanos, long cpuNanos, long peakHeapBytes, long peakHeapAfterGcBytes) {}

    private final AtomicLong peak = new AtomicLong();
    private final AtomicLong peakAfterGc = new AtomicLong();
    private final Set<String> heapPools = new HashSet<>();
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener listener = this::onGc;
    private final OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private volatile boolean running = true;
    private final Thread sampler;
    private final long startWall;
    private final long startCpu;

    /** Starts measuring now. */
    Measure() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                heapPools.add(pool.getName());
            }
        }
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter e) {
                e.addNotificationListener(listener, null, null);
                emitters.add(e);
            }
        }
        sampler = new Thread(
                () -> {
                    while (running) {
                        peak.accumulateAndGet(
                                ManagementFactory.getMemoryMXBean()
                                        .getHeapMemoryUsage()
                                        .getUsed(),
                                Math::max);
                        try {
                            Thread.sleep(10);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                },
                "heap-sampler");
        sampler.setDaemon(true);
        sampler.start();
        startWall = System.nanoTime();
        startCpu = os.getProcessCpuTime();
    }

    private void onGc(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        var info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData())
                .getGcInfo();
        peak.accumulateAndGet(heapUsed(info.getMemoryUsageBeforeGc()), Math::max);
        peakAfterGc.accumulateAndGet(heapUsed(info.getMemoryUsageAfterGc()), Math::max);
    }

    private long heapUsed(Map<String, MemoryUsage> pools) {
        long used = 0;
        for (var e : pools.entrySet()) {
            if (heapPools.contains(e.getKey())) {
                used += e.getValue().getUsed();
            }
        }
        return used;
    }

    /** Stops measuring and returns the figures. */
    Figures stop() {
        long wall = System.nanoTime() - startWall;
        long cpu = os.getProcessCpuTime() - startCpu;
        close();
        return new Figures(wall, cpu, peak.get(), peakAfterGc.get());
    }

    /** This process's CPU time so far, in nanoseconds. */
    static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    @Override
    public void close() {
        running = false;
        sampler.interrupt();
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(listener);
            } catch (ListenerNotFoundException ignored) {
                // already removed
            }
        }
        emitters.clear();
    }
}
