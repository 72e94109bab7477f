/**
 * IPv4 and IPv6 blocks with their country ({@code start_ip,end_ip,country}) into {@code ip_geo} ({@code dumptruck load
 * ipblocks}), keyed by the block's end address so that looking an address up is one scan of one row
 * ({@code IpGeoSchema}). {@code IpRangeParser} reads the lines into {@code IpRange}s (addresses as text only:
 * {@code IpAddressText}); {@code IpOverlapFold} rejects blocks that overlap one kept before them; {@code IpBlockLoader}
 * runs it, {@code IpQueries} answers. Plumbing: not for library users; run by {@code dumptruck load}.
 */
package io.dumptruck.loaders.ipblocks;
