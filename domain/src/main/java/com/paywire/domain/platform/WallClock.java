package com.paywire.domain.platform;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.beans.factory.annotation.Qualifier;

/**
 * Marks the {@link java.time.Clock} of real time, for what a party outside Paywire holds against its own clock: the
 * expiry of clients' access tokens and of card capture contexts, a rotated secret's grace and the revocation of the
 * tokens issued before it, console sessions, the wait after wrong client secrets, how long an active client is
 * remembered, and the time a webhook's signature carries, which the receiver compares with its own now. Everything
 * the platform decides by time takes the plain {@code Clock} instead, which the local stack's test clock moves
 * ({@link TestClock}): a token taken before an advance keeps working, and a receiver does not refuse a signature
 * from the future. Only a parameter marked so gets this clock.
 */
@Target({ElementType.PARAMETER, ElementType.FIELD, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Qualifier
public @interface WallClock {
}
