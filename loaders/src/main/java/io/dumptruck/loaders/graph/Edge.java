package io.dumptruck.loaders.graph;

/** One "follows" edge: {@code from} follows {@code into}, at {@code time} (epoch ms) when the input says. */
public record Edge(String from, String into, Long time) {}
