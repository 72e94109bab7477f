package io.dumptruck.formats; final class Placeholder {}
