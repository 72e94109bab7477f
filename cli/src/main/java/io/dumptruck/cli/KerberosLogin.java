package io.dumptruck.cli;

import java.io.File;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.AuthUtil;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.security.SecurityUtil;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.UserGroupInformation.AuthenticationMethod;

/**
 * A command's Kerberos login on a secure cluster ({@code hadoop.security.authentication=kerberos} in the
 * configuration), once, before it touches HDFS, YARN or HBase — the way HBase's own tools log in: from a keytab when
 * {@code hbase.client.keytab.principal} and {@code hbase.client.keytab.file} are both set (a scheduled job), else with
 * the ticket {@code kinit} left in the cache, or the delegation tokens a scheduler that launched the command handed it
 * ({@code HADOOP_TOKEN_FILE_LOCATION}). With none of these it stops with one line saying what to give, instead of the
 * wall of SASL errors the first connection would print.
 */
final class KerberosLogin {
    private KerberosLogin() {}

    /** Logs in for {@code conf}; nothing on a cluster without Kerberos. */
    static void login(Configuration conf) throws IOException {
        if (SecurityUtil.getAuthenticationMethod(conf) != AuthenticationMethod.KERBEROS) {
            return;
        }
        Configuration hbase = HBaseConfiguration.create(conf);
        String principal = hbase.getTrimmed(AuthUtil.HBASE_CLIENT_KERBEROS_PRINCIPAL);
        String keytab = hbase.getTrimmed(AuthUtil.HBASE_CLIENT_KEYTAB_FILE);
        if ((principal == null) != (keytab == null)) {
            throw new UsageException("give both " + AuthUtil.HBASE_CLIENT_KERBEROS_PRINCIPAL + " and "
                    + AuthUtil.HBASE_CLIENT_KEYTAB_FILE + " to log in from a keytab (or neither, after kinit)");
        }
        if (keytab != null && !new File(keytab).canRead()) {
            throw new UsageException(AuthUtil.HBASE_CLIENT_KEYTAB_FILE + " " + keytab
                    + " is not a file this user can read; give the path of the keytab holding " + principal);
        }
        UserGroupInformation.setConfiguration(conf); // -D settings count, not only a core-site.xml
        if (principal != null) {
            UserGroupInformation.loginUserFromKeytab(principal, keytab);
            return;
        }
        UserGroupInformation user = UserGroupInformation.getCurrentUser();
        if (!user.hasKerberosCredentials() && user.getCredentials().numberOfTokens() == 0) {
            throw new UsageException("the cluster uses Kerberos (hadoop.security.authentication=kerberos) and "
                    + user.getUserName() + " has no ticket: run kinit first, or give -D "
                    + AuthUtil.HBASE_CLIENT_KERBEROS_PRINCIPAL + "=PRINCIPAL -D " + AuthUtil.HBASE_CLIENT_KEYTAB_FILE
                    + "=FILE");
        }
    }
}
