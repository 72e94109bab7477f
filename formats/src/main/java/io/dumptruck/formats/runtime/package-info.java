/**
 * The job runtime that loads and analytics jobs share: {@code JobDefaults} (the defaults every job gets where the user
 * left Hadoop's own, among them {@code PrefixSort} and, in local mode, the sizing of {@code LocalMode}),
 * {@code JobStopHook} (Ctrl-C kills the job and removes its output), {@code JobFailure} (why a job failed, in one
 * line), {@code OutputDirectory} (the checks and the atomic claim of a new output directory) and {@code NamedOptions}
 * (a command's own checked {@code --name value} options). For library users: {@code JobDefaults}, {@code NamedOptions}
 * (marked {@code @PublicApi}); the rest is plumbing.
 */
package io.dumptruck.formats.runtime;
