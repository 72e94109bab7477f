package io.dumptruck.formats.internals;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.util.IndexedSortable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Hadoop's non-public parts dumptruck reads, each with its fallback (see the package). */
public final class HadoopInternals {
    private static final Logger LOG = LoggerFactory.getLogger(HadoopInternals.class);
    private static final Field MAP_OUTPUT_BUFFER = mapOutputBufferField();

    private HadoopInternals() {}

    /**
     * The bytes of the map task's output buffer ({@code MapTask.MapOutputBuffer.kvbuffer}) when {@code s} is that
     * buffer, else null: the caller then sorts through the {@link IndexedSortable} interface alone.
     */
    public static byte[] mapOutputBytes(IndexedSortable s) {
        if (MAP_OUTPUT_BUFFER == null || !MAP_OUTPUT_BUFFER.getDeclaringClass().isInstance(s)) {
            return null;
        }
        try {
            return (byte[]) MAP_OUTPUT_BUFFER.get(s);
        } catch (IllegalAccessException e) {
            return null;
        }
    }

    private static Field mapOutputBufferField() {
        try {
            Field f = Class.forName("org.apache.hadoop.mapred.MapTask$MapOutputBuffer")
                    .getDeclaredField("kvbuffer");
            if (f.getType() != byte[].class) {
                return null;
            }
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.debug("no MapOutputBuffer.kvbuffer here; the map side sorts with QuickSort", e);
            return null;
        }
    }

    /**
     * The split a job with several input formats (MultipleInputs) wraps in Hadoop's package-private
     * {@code TaggedInputSplit}, through its public {@code getInputSplit()}; any other split as it is.
     */
    public static InputSplit unwrap(InputSplit split) {
        try {
            Method inner = split.getClass().getMethod("getInputSplit");
            inner.setAccessible(true);
            if (inner.invoke(split) instanceof InputSplit wrapped && wrapped != split) {
                return unwrap(wrapped);
            }
        } catch (ReflectiveOperationException | RuntimeException notWrapped) {
            // not a wrapper
        }
        return split;
    }
}
