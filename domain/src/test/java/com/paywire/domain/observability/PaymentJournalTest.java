package com.paywire.domain.observability;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.logging.PaymentContext;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionSynchronizationUtils;

/** A payment's acceptance and end: counted, timed, and logged once each, in words, with the payment's ids. */
class PaymentJournalTest {

    static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    static final PaymentJournal.Payment PAYOUT = new PaymentJournal.Payment(Product.PAYOUT, Rail.MOBILE_MONEY,
            new PaymentContext("client-a", "stan-1", "line-1"));

    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    final PaymentJournal journal = new PaymentJournal(meters, Clock.fixed(NOW, ZoneOffset.UTC));
    final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeEach
    void listen() {
        lines.start();
        ((Logger) LoggerFactory.getLogger(PaymentJournal.class)).addAppender(lines);
    }

    @AfterEach
    void stopListening() {
        ((Logger) LoggerFactory.getLogger(PaymentJournal.class)).detachAppender(lines);
        MDC.clear();
    }

    @Test
    void givenAnAcceptedPayout_itShouldCountIt_andLogOneLineWithItsIds() {
        journal.accepted(PAYOUT, new BigDecimal("1010.00"), "KES");

        assertThat(meters.get(PaywireMeters.PAYMENTS_ACCEPTED).tags(PaywireMeters.PRODUCT, "PAYOUT",
                PaywireMeters.RAIL, "MOBILE_MONEY").counter().count()).isEqualTo(1.0);
        assertThat(lines.list).singleElement().satisfies(line -> {
            assertThat(line.getFormattedMessage()).isEqualTo("Payout accepted: 1,010.00 KES by MOBILE_MONEY");
            assertThat(line.getMDCPropertyMap()).containsAllEntriesOf(Map.of(PaymentContext.CLIENT_ID, "client-a",
                    PaymentContext.CLIENT_PAYMENT_ID, "stan-1", PaymentContext.PAYMENT_ID, "line-1"));
        });
        assertThat(MDC.get(PaymentContext.CLIENT_ID)).as("the caller's context is as it was").isNull();
    }

    @Test
    void givenAFinishedPayout_itShouldCountItByOutcome_timeItFromAcceptance_andSayHowItEnded() {
        journal.finished(PAYOUT, PaymentJournal.Outcome.FAILED, OffsetDateTime.ofInstant(NOW.minusSeconds(125),
                ZoneOffset.UTC), "Timed Out, result code 8");

        assertThat(meters.get(PaywireMeters.PAYMENTS_FINISHED).tags(PaywireMeters.PRODUCT, "PAYOUT",
                PaywireMeters.OUTCOME, "failed").counter().count()).isEqualTo(1.0);
        assertThat(meters.get(PaywireMeters.PAYMENT_ACCEPT_TO_FINAL).tags(PaywireMeters.OUTCOME, "failed").timer()
                .totalTime(java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(125.0);
        assertThat(lines.list).singleElement().extracting(ILoggingEvent::getFormattedMessage)
                .isEqualTo("Payout failed 2 min 5 s after it was accepted: Timed Out, result code 8");
    }

    @Test
    void givenATransaction_theJournalShouldWaitForItsCommit() {
        TransactionSynchronizationManager.initSynchronization();
        try {
            journal.accepted(PAYOUT, BigDecimal.TEN, "KES");
            assertThat(meters.find(PaywireMeters.PAYMENTS_ACCEPTED).counter()).as("not before the commit").isNull();
            assertThat(lines.list).isEmpty();

            TransactionSynchronizationUtils.invokeAfterCommit(TransactionSynchronizationManager.getSynchronizations());
        } finally {
            TransactionSynchronizationManager.clearSynchronization();
        }
        assertThat(meters.get(PaywireMeters.PAYMENTS_ACCEPTED).counter().count()).isEqualTo(1.0);
        assertThat(lines.list).hasSize(1);
    }

    @Test
    void durationsShouldReadAsAnOperatorSaysThem() {
        assertThat(PaymentJournal.readable(java.time.Duration.ofMillis(850))).isEqualTo("850 ms");
        assertThat(PaymentJournal.readable(java.time.Duration.ofMillis(4_240))).isEqualTo("4.2 s");
        assertThat(PaymentJournal.readable(java.time.Duration.ofHours(26).plusMinutes(3))).isEqualTo("26 h 3 min");
    }
}
