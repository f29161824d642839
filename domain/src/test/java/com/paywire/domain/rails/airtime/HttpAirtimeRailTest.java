package com.paywire.domain.rails.airtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.rails.StubRail;
import com.paywire.persistence.airtime.AirtimeRecipient;
import com.paywire.vocabulary.airtime.AirtimeRecipientStatus;
import com.paywire.vocabulary.networks.MobileNetwork;
import com.paywire.workflows.airtime.TopUpOutcome;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The airtime rail's HTTP answers: a top-up is deduplicated by its recipient; a status without outcome is a retry. */
class HttpAirtimeRailTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final StubRail rail = new StubRail();
    private final HttpAirtimeRail airtime = new HttpAirtimeRail(rail.baseUrl(), TIMEOUT, TIMEOUT,
            new SimpleMeterRegistry());
    private final AirtimeRecipient recipient = new AirtimeRecipient(UUID.randomUUID(), UUID.randomUUID(), 1,
            "254711000001", MobileNetwork.SAFARICOM, null, "KES", new BigDecimal("50.00"), BigDecimal.ZERO, 7,
            AirtimeRecipientStatus.PENDING, null, null, null, null);
    private final String reference = recipient.id().toString();

    @AfterEach
    void stop() {
        rail.close();
    }

    @Test
    void givenATopUp_itShouldCarryTheRecipientAsItsKey_andReadTheReceipt() {
        rail.answer(AirtimeRailProtocol.TOPUP_PATH, 200,
                "{\"reference\":\"" + reference + "\",\"status\":\"SUCCESS\",\"receiptNumber\":\"AT1\"}");

        TopUpOutcome outcome = airtime.topUp(reference, recipient);

        assertThat(outcome.resultCode()).isEqualTo(TopUpOutcome.SUCCESS);
        assertThat(outcome.receiptNumber()).isEqualTo("AT1");
        assertThat(rail.received().getFirst().idempotencyKey()).isEqualTo(reference);
    }

    @Test
    void givenAStatusQuery_neverReceivedShouldBeNetworkUnavailable_andPendingARetry() {
        assertThat(airtime.status(reference, recipient).resultCode()).isEqualTo(TopUpOutcome.NETWORK_UNAVAILABLE);
        assertThat(rail.received().getFirst().idempotencyKey()).isNull();

        rail.answer(AirtimeRailProtocol.STATUS_PATH, 200,
                "{\"reference\":\"" + reference + "\",\"status\":\"PENDING\"}");
        assertThatThrownBy(() -> airtime.status(reference, recipient)).isInstanceOf(RailUnavailableException.class);
    }
}
