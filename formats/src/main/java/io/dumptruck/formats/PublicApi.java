package io.dumptruck.formats;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a type a library user may build on: writing tables from a MapReduce job, reading them, running a load or an
 * analytics job from Java (listed, each with an example, in docs/java-api.md). Its public members keep their meaning
 * from one release to the next, or are deprecated a release before they change. A public type without the mark is
 * plumbing that other dumptruck packages share: it may change in any release.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface PublicApi {}
