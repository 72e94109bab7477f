package io.dumptruck.loaders.live;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Which live HBase tables a load is matched to: every table it writes, by its own name in {@code namespace}, except
 * those {@code names} maps to another {@code [namespace:]table}.
 *
 * @param namespace the namespace of the tables not named otherwise ({@code default} when null)
 * @param names the load's table → the live table's {@code [namespace:]name}
 */
public record LiveMatch(String namespace, Map<String, String> names) {
    public LiveMatch {
        namespace =
                namespace == null || namespace.isEmpty() ? NamespaceDescriptor.DEFAULT_NAMESPACE_NAME_STR : namespace;
        names = Map.copyOf(names);
        try {
            TableName.isLegalNamespaceName(Bytes.toBytes(namespace));
            names.values().forEach(TableName::valueOf);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--live: not an HBase table or namespace name: " + e.getMessage(), e);
        }
        if (namespace.equals(NamespaceDescriptor.SYSTEM_NAMESPACE_NAME_STR)) {
            throw new IllegalArgumentException("--namespace " + namespace + " is HBase's own (meta, namespace, acl …): "
                    + "load into a namespace of user tables");
        }
        names.forEach((table, live) -> {
            if (TableName.valueOf(live).isSystemTable()) {
                throw new IllegalArgumentException("--live-name " + table + "=" + live + " names a table of HBase's "
                        + "own namespace: name a user table");
            }
        });
    }

    /**
     * The live table of each of the load's {@code tables}, in their order; a {@code names} entry for a table the load
     * does not write is refused (a typo would otherwise match that table by its own name).
     */
    public Map<String, TableName> of(List<String> tables) {
        for (String named : names.keySet()) {
            if (!tables.contains(named)) {
                throw new IllegalArgumentException("--live-name names table '" + named
                        + "', which this load does not write; it writes " + String.join(", ", tables));
            }
        }
        Map<String, TableName> out = new LinkedHashMap<>();
        tables.forEach(t -> out.put(t, nameOf(t)));
        return out;
    }

    /** The live table of the load's table {@code table}. */
    public TableName nameOf(String table) {
        String named = names.get(table);
        return named != null ? TableName.valueOf(named) : TableName.valueOf(namespace, table);
    }
}
