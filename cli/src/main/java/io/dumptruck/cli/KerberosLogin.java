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
        AuthenticationMethod method;
        try {
            method = SecurityUtil.getAuthenticationMethod(conf);
        } catch (IllegalArgumentException e) {
            throw new UsageException("hadoop.security.authentication is '" + conf.get("hadoop.security.authentication")
                    + "': give simple or kerberos, as the cluster's core-site.xml has it");
        }
        if (method != AuthenticationMethod.KERBEROS) {
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
        try {
            UserGroupInformation.setConfiguration(conf); // -D settings count, not only a core-site.xml
        } catch (IllegalArgumentException e) {
            throw new UsageException("the cluster uses Kerberos and this machine has no Kerberos configuration ("
                    + e.getMessage() + "): give the JVM the cluster's krb5.conf, as /etc/krb5.conf or with "
                    + "JAVA_OPTS=-Djava.security.krb5.conf=FILE");
        }
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
