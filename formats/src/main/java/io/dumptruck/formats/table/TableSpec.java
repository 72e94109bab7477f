package io.dumptruck.formats.table;

import io.dumptruck.formats.PublicApi;
import io.dumptruck.formats.SpecException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A table the toolkit writes: its name, families (in the order the loader addresses them) and how its key space is cut
 * into regions. Built in Java or read from JSON ({@link TableSpecJson}); stored in the job configuration and next to
 * the output as {@code <output>/<table>/_spec.json}, so readers and the bulk-load set-up need no code.
 *
 * @param splitPolicy HBase region split policy: a short name ({@code constant}, {@code increasing}, {@code stepping},
 *     {@code disabled}, {@code busy}) or a class name; null keeps the cluster default
 * @param writtenBy the loader and options that wrote the table; null for a table made in code
 */
@PublicApi
public record TableSpec(
        String name, List<FamilySpec> families, RegionSplits regions, String splitPolicy, WrittenBy writtenBy) {

    public static final int MAX_FAMILIES = 255;

    public TableSpec {
        checkTableName(name);
        families = List.copyOf(families);
        if (families.isEmpty()) {
            throw new SpecException("table '" + name + "' needs at least one family");
        }
        if (families.size() > MAX_FAMILIES) {
            throw new SpecException(
                    "table '" + name + "' has " + families.size() + " families; at most " + MAX_FAMILIES);
        }
        Set<String> seen = new HashSet<>();
        for (FamilySpec f : families) {
            if (!seen.add(f.name())) {
                throw new SpecException("table '" + name + "' names family '" + f.name() + "' twice");
            }
        }
        regions = regions == null ? RegionSplits.single() : regions;
        splitPolicy = splitPolicy == null || splitPolicy.isEmpty() ? null : splitPolicyClass(splitPolicy);
    }

    public TableSpec(String name, List<FamilySpec> families, RegionSplits regions, String splitPolicy) {
        this(name, families, regions, splitPolicy, null);
    }

    public static TableSpec of(String name, FamilySpec... families) {
        return new TableSpec(name, List.of(families), RegionSplits.single(), null);
    }

    public TableSpec withRegions(RegionSplits r) {
        return new TableSpec(name, families, r, splitPolicy, writtenBy);
    }

    public TableSpec withSplitPolicy(String policy) {
        return new TableSpec(name, families, regions, policy, writtenBy);
    }

    public TableSpec withWrittenBy(WrittenBy by) {
        return new TableSpec(name, families, regions, splitPolicy, by);
    }

    /** Index of the named family, or -1. */
    public int familyIndex(String family) {
        for (int i = 0; i < families.size(); i++) {
            if (families.get(i).name().equals(family)) {
                return i;
            }
        }
        return -1;
    }

    public FamilySpec family(String family) {
        int i = familyIndex(family);
        if (i < 0) {
            throw new SpecException("table '" + name + "' has no family '" + family + "'");
        }
        return families.get(i);
    }

    public List<String> familyNames() {
        List<String> out = new ArrayList<>();
        families.forEach(f -> out.add(f.name()));
        return out;
    }

    /**
     * The HBase descriptor, for creating the table a load goes into (split points: {@link RegionSplits#splitPoints}).
     */
    public TableDescriptor toDescriptor() {
        TableDescriptorBuilder b = TableDescriptorBuilder.newBuilder(TableName.valueOf(name));
        families.forEach(f -> b.setColumnFamily(f.toDescriptor()));
        if (splitPolicy != null) {
            b.setRegionSplitPolicyClassName(splitPolicy);
        }
        return b.build();
    }

    /** Fails before any task starts when a family's codec is missing here. */
    public void checkCodecsAvailable() {
        families.forEach(FamilySpec::checkCodecAvailable);
    }

    /**
     * HBase's table-name rule without a namespace: letters, digits, '_', '-' and '.', not starting with '.' or '-'. A
     * table name becomes a directory, so '..', '/' and control characters never pass, and beside a load's own files
     * ({@code _rejects}, {@code _SUCCESS}, {@code _temporary}, …), so it must not start with '_' either.
     */
    static void checkTableName(String name) {
        if (name == null || name.isEmpty()) {
            throw new SpecException("a table needs a name");
        }
        try {
            TableName.isLegalTableQualifierName(Bytes.toBytes(name));
        } catch (IllegalArgumentException e) {
            throw new SpecException(
                    "table name '" + Bytes.toStringBinary(Bytes.toBytes(name)) + "' is not allowed: " + e.getMessage(),
                    e);
        }
        if (name.startsWith("_")) {
            throw new SpecException(
                    "table name '" + name + "' is not allowed: it must not start with '_' (a load's own files "
                            + "and directories do: _rejects, _SUCCESS, _temporary, …)");
        }
        if (Bytes.toBytes(name).length > MAX_NAME_BYTES) {
            throw new SpecException("table name '" + name.substring(0, 40) + "…' is " + Bytes.toBytes(name).length
                    + " bytes long; at most " + MAX_NAME_BYTES
                    + " (it becomes a directory name, on HDFS and in HBase)");
        }
    }

    /**
     * The longest table name: one directory name on HDFS ({@code dfs.namenode.fs-limits.max-component-length}) and most
     * local file systems.
     */
    public static final int MAX_NAME_BYTES = 255;

    private static final String POLICY_PACKAGE = "org.apache.hadoop.hbase.regionserver.";

    static String splitPolicyClass(String policy) {
        switch (policy.toLowerCase(Locale.ROOT)) {
            case "constant":
                return POLICY_PACKAGE + "ConstantSizeRegionSplitPolicy";
            case "increasing":
                return POLICY_PACKAGE + "IncreasingToUpperBoundRegionSplitPolicy";
            case "stepping":
                return POLICY_PACKAGE + "SteppingSplitPolicy";
            case "disabled":
                return POLICY_PACKAGE + "DisabledRegionSplitPolicy";
            case "busy":
                return POLICY_PACKAGE + "BusyRegionSplitPolicy";
            default:
                if (!policy.matches("[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)*")) {
                    throw new SpecException(
                            "split policy '" + policy
                                    + "' is neither a short name (constant, increasing, stepping, disabled, busy) nor a class name");
                }
                return policy.contains(".") ? policy : POLICY_PACKAGE + policy;
        }
    }
}
