package io.dumptruck.loaders.events;

/** One event-log record: {@code host} reported {@code event} with {@code value} at {@code time} (epoch ms). */
public record Event(String host, long time, String event, String value) {}
