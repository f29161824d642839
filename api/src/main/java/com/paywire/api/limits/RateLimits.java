package com.paywire.api.limits;

import com.paywire.domain.observability.PaywireMeters;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.distributed.BucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.distributed.proxy.optimization.Optimizations;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Each client's token buckets, one per class of operation, kept in PostgreSQL by Bucket4j so that every API replica
 * takes from the same bucket: the limit is the client's, not each replica's. A bucket's key names its limit too, so a
 * changed setting starts a new, full bucket instead of reading the old one with the wrong capacity.
 */
@Component
public class RateLimits {

    private static final Logger log = LoggerFactory.getLogger(RateLimits.class);
    static final String TABLE = "api_rate_limit_buckets";
    /** Rows deleted per statement by the sweep, so that it never holds many locks at once. */
    private static final int SWEEP_BATCH = 1_000;
    /** Bucket proxies kept in memory, at most (one per client and class that called lately). */
    private static final int MAX_PROXIES = 10_000;

    /**
     * The answer for one request: allowed or not, and what the rate-limit headers say.
     *
     * @param resetSeconds      whole seconds until the bucket is full again
     * @param retryAfterSeconds when refused, whole seconds until one request is allowed again; 0 when allowed
     */
    public record Decision(boolean allowed, RateLimitProperties.Limit limit, long remaining, long resetSeconds,
                           long retryAfterSeconds) {
    }

    private final RateLimitProperties properties;
    private final PostgreSQLSelectForUpdateBasedProxyManager<String> buckets;
    private final MeterRegistry meters;
    private final Map<String, BucketProxy> proxies = new ConcurrentHashMap<>();

    RateLimits(RateLimitProperties properties, DataSource dataSource, MeterRegistry meters) {
        this.properties = properties;
        this.meters = meters;
        this.buckets = Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                .primaryKeyMapper(PrimaryKeyMapper.STRING)
                .table(TABLE)
                // a row is worth keeping only until its bucket would be full again (then a new one is the same)
                .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ZERO))
                .build();
        // registered at 0, so that the dashboard's series exist before the first refusal
        for (OperationClass operationClass : OperationClass.values()) {
            meters.counter(PaywireMeters.RATE_LIMITED, PaywireMeters.OPERATION_CLASS, operationClass.key());
            meters.counter(PaywireMeters.RATE_LIMIT_UNCHECKED, PaywireMeters.OPERATION_CLASS, operationClass.key());
        }
    }

    public boolean enabled() {
        return properties.enabled();
    }

    /**
     * Takes one request from this client's bucket for the class. Empty when limits are off, or when the database
     * could not answer: a limiter that cannot count lets the request through (it would fail on the same database
     * anyway, and a limiter must never be the reason a payment is refused).
     */
    public Optional<Decision> take(String clientId, OperationClass operationClass) {
        if (!properties.enabled()) {
            return Optional.empty();
        }
        RateLimitProperties.Limit limit = properties.limitFor(clientId, operationClass);
        String key = clientId + "|" + operationClass.key() + "|" + limit.requests() + "/" + limit.per();
        ConsumptionProbe probe;
        try {
            probe = proxy(key, limit).tryConsumeAndReturnRemaining(1);
        } catch (RuntimeException databaseAway) {
            meters.counter(PaywireMeters.RATE_LIMIT_UNCHECKED, PaywireMeters.OPERATION_CLASS, operationClass.key())
                    .increment();
            log.warn("Rate limit not checked ({}): {}", operationClass.key(), databaseAway.getClass().getSimpleName());
            return Optional.empty();
        }
        if (!probe.isConsumed()) {
            meters.counter(PaywireMeters.RATE_LIMITED, PaywireMeters.OPERATION_CLASS, operationClass.key()).increment();
        }
        return Optional.of(new Decision(probe.isConsumed(), limit, probe.getRemainingTokens(),
                wholeSeconds(probe.getNanosToWaitForReset()),
                probe.isConsumed() ? 0 : Math.max(1, wholeSeconds(probe.getNanosToWaitForRefill()))));
    }

    /**
     * The bucket's proxy, kept per key so that its batching can work: requests of one client arriving together on
     * this replica go to the database as one read-and-update of its row instead of queueing one by one on the row's
     * lock. A proxy holds no count (the row does), so forgetting them all when there are too many loses nothing.
     */
    private BucketProxy proxy(String key, RateLimitProperties.Limit limit) {
        if (proxies.size() >= MAX_PROXIES && !proxies.containsKey(key)) {
            proxies.clear();
        }
        return proxies.computeIfAbsent(key, k -> buckets.builder().withOptimization(Optimizations.batching())
                .build(k, () -> configuration(limit)));
    }

    private static BucketConfiguration configuration(RateLimitProperties.Limit limit) {
        return BucketConfiguration.builder()
                .addLimit(Bandwidth.builder().capacity(limit.requests()).refillGreedy(limit.requests(), limit.per())
                        .build())
                .build();
    }

    /** Rounded up, so that a client that waits this long is not early. */
    private static long wholeSeconds(long nanos) {
        return (nanos + TimeUnit.SECONDS.toNanos(1) - 1) / TimeUnit.SECONDS.toNanos(1);
    }

    /** Deletes the buckets that are full again: the table holds only the clients that sent something lately. */
    @Scheduled(fixedDelayString = "${paywire.rate-limits.sweep-interval:5m}")
    void removeFullBuckets() {
        if (!properties.enabled()) {
            return;
        }
        try {
            int removed;
            do {
                removed = buckets.removeExpired(SWEEP_BATCH);
            } while (removed == SWEEP_BATCH);
        } catch (RuntimeException databaseAway) {
            log.warn("Full rate-limit buckets not removed: {}", databaseAway.getClass().getSimpleName());
        }
    }
}
