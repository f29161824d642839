package com.paywire.domain.platform;

import java.time.Clock;

/**
 * Real time, for what a party outside Paywire holds against its own clock: the expiry of clients' access tokens and
 * of card capture contexts, a rotated secret's grace and the revocation of the tokens issued before it, the wait after
 * wrong client secrets, how long an active client is remembered, and the time a webhook's signature carries, which
 * the receiver compares with its own now. Everything the platform decides
 * by time uses the {@link Clock} bean instead, which the local stack's test clock moves ({@link TestClock}): a token
 * taken before an advance keeps working, and a receiver does not refuse a signature from the future.
 */
public record WallClock(Clock clock) {
}
