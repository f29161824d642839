package com.paywire.infra.local;

import com.google.protobuf.Empty;
import com.google.protobuf.Timestamp;
import com.paywire.domain.platform.TestClock;
import io.grpc.StatusRuntimeException;
import io.temporal.api.testservice.v1.SleepRequest;
import io.temporal.serviceclient.TestServiceStubs;
import io.temporal.serviceclient.TestServiceStubsOptions;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The time the local stack's test clock reads and moves: the clock of the Temporal dev service the stack started,
 * read and moved through the service's TestService. The stack starts the service with time skipping locked, so its
 * time runs as the wall clock does; an advance unlocks skipping until the service's time has moved by the amount
 * asked ({@code unlockTimeSkippingWithSleep}), then locks it again. Meanwhile the service jumps from one due timer to the next, but
 * only while nothing is in flight: a scheduled or running workflow task or activity, a child workflow being started
 * or a signal to another workflow being sent holds time at the wall clock's pace until it is done (an activity's
 * retry backoff does not: it is skipped). Outside an advance the service's time is the wall clock's plus a fixed
 * offset, which this keeps, so reading the platform's now costs no call; during one it asks the service.
 */
final class DevServiceClock implements TestClock.Source, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DevServiceClock.class);
    /** How long reading the service's time may take: it answers from memory, so only a stopping service is slower. */
    private static final long READ_DEADLINE_SECONDS = 5;
    /** How many times the offset is measured, at most: until one call takes a millisecond or less. */
    private static final int OFFSET_CALLS = 5;

    private final TestServiceStubs service;
    /**
     * The service's time minus the wall clock's, as measured after the last advance. None before the first: the
     * service starts at the wall clock's time, in milliseconds, with skipping locked, and so keeps it.
     */
    private volatile Duration offset = Duration.ZERO;
    private volatile boolean advancing;

    private DevServiceClock(TestServiceStubs service) {
        this.service = service;
    }

    /** The test clock of the dev service listening on this port of this machine. */
    static DevServiceClock of(int temporalPort) {
        return new DevServiceClock(TestServiceStubs.newServiceStubs(TestServiceStubsOptions.newBuilder()
                .setTarget("127.0.0.1:" + temporalPort)
                // an advance lasts as long as the work it sets off: no deadline of the stubs' own cuts it short
                .setRpcTimeout(Duration.ofMillis(Long.MAX_VALUE))
                .validateAndBuildWithDefaults()));
    }

    @Override
    public Instant now() {
        if (advancing) {
            try {
                return serviceTime();
            } catch (StatusRuntimeException stopping) {
                log.debug("The dev service's time was not read: {}", stopping.getMessage());
            }
        }
        return Instant.now().plus(offset);
    }

    @Override
    public synchronized void advance(Duration by) {
        if (by.isNegative() || by.isZero()) {
            throw new IllegalArgumentException("the test clock only moves forward: " + by);
        }
        long begun = System.nanoTime();
        advancing = true;
        try {
            service.blockingStub().unlockTimeSkippingWithSleep(SleepRequest.newBuilder()
                    .setDuration(com.google.protobuf.Duration.newBuilder().setSeconds(by.getSeconds())
                            .setNanos(by.getNano()))
                    .build());
            offset = measureOffset(); // before advancing ends: a reader meanwhile asks the service
        } finally {
            advancing = false;
        }
        Instant now = now();
        log.info("Test clock advanced by {} to {} in {} ms of real time; {} ahead of the wall clock", by, now,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun), offset);
    }

    /** During an advance, as far as the service's time has got: a caller sees the clock move. */
    @Override
    public Duration advancedBy() {
        return advancing ? Duration.between(Instant.now(), now()) : offset;
    }

    /**
     * The service counts in milliseconds from the wall clock's, and read its own somewhere within the call: halfway
     * through the quickest of a few calls (a slow one, such as the first on a new channel, is far off).
     */
    private Duration measureOffset() {
        long quickest = Long.MAX_VALUE;
        long offsetMillis = 0;
        for (int call = 0; call < OFFSET_CALLS && quickest > 1; call++) {
            long before = System.currentTimeMillis();
            Instant service = serviceTime();
            long after = System.currentTimeMillis();
            if (after - before < quickest) {
                quickest = after - before;
                offsetMillis = service.toEpochMilli() - (before + after) / 2;
            }
        }
        return Duration.ofMillis(offsetMillis);
    }

    private Instant serviceTime() {
        Timestamp time = service.blockingStub().withDeadlineAfter(READ_DEADLINE_SECONDS, TimeUnit.SECONDS)
                .getCurrentTime(Empty.getDefaultInstance()).getTime();
        return Instant.ofEpochSecond(time.getSeconds(), time.getNanos());
    }

    @Override
    public void close() {
        service.shutdownNow();
        service.awaitTermination(5, TimeUnit.SECONDS);
    }
}
