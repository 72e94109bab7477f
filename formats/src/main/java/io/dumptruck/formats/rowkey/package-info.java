/**
 * Row-key designs the loaders' schemas build their keys from, byte for byte as docs/tables.md defines them:
 * {@code RowKeyBuilder} appends parts left to right; {@code Salt} and {@code TimeBucket} prefixes spread sequential
 * keys over regions; {@code Md5} digests, {@code ReverseTimestamp} (newest first), {@code ReversedDomain} URLs,
 * {@code FixedWidth} numbers and {@code QuadKey} map tiles; {@code TileClip} cuts polygons to a tile. For library
 * users: {@code RowKeyBuilder}, {@code Md5}, {@code Salt}, {@code TimeBucket}, {@code ReverseTimestamp},
 * {@code ReversedDomain}, {@code QuadKey}, {@code FixedWidth}, {@code TileClip} (marked {@code @PublicApi}); the rest
 * is plumbing.
 */
package io.dumptruck.formats.rowkey;
