package com.paywire.domain.rails.cardprocessor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.rails.StubRail;
import com.paywire.vocabulary.cards.DisputeEvidence;
import com.paywire.workflows.cards.ProcessorResult;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The card processor over HTTP: a write already answered is read back, not sent again; a decline is final. */
class HttpCardProcessorTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final StubRail rail = new StubRail();
    private final HttpCardProcessor processor = new HttpCardProcessor(rail.baseUrl(), "http://paywire.test", TIMEOUT,
            TIMEOUT, new SimpleMeterRegistry());

    @AfterEach
    void stop() {
        rail.close();
    }

    @Test
    void givenAReferenceTheProcessorAnsweredBefore_itShouldReadThatAnswer_withoutSendingAgain() {
        rail.answer(CardProcessorProtocol.request("ref-1"), 200, "{\"id\":\"pay-1\",\"status\":\"AUTHORIZED\"}");

        ProcessorResult result = processor.authorise("ref-1", "ins-1", new BigDecimal("10.00"), "KES", null);

        assertThat(result.accepted()).isTrue();
        assertThat(result.processorTransactionId()).isEqualTo("pay-1");
        assertThat(rail.received()).extracting(StubRail.Received::method).containsExactly("GET");
    }

    @Test
    void givenADecline_itShouldBeARefusal_sentUnderItsReference() {
        rail.answer(CardProcessorProtocol.payments(), 402,
                "{\"id\":\"pay-2\",\"status\":\"DECLINED\",\"responseCode\":\"05\",\"reason\":\"DO_NOT_HONOR\"}");

        ProcessorResult result = processor.authorise("ref-2", "ins-1", new BigDecimal("10.00"), "KES", null);

        assertThat(result.accepted()).isFalse();
        assertThat(result.responseCode()).isEqualTo("05");
        assertThat(rail.received().getLast().idempotencyKey()).isEqualTo("ref-2");
        assertThat(rail.received().getLast().body()).contains("\"amount\":\"10.00\"");
    }

    @Test
    void aCaptureAndDisputeEvidence_shouldNameWherePaywireTakesTheProcessorsDisputeNotifications() {
        rail.answer(CardProcessorProtocol.captures("pay-3"), 201, "{\"id\":\"cap-3\",\"status\":\"CAPTURED\"}");
        rail.answer(CardProcessorProtocol.disputeEvidence("dp-3"), 200, "{}");

        processor.capture("ref-3", "pay-3", new BigDecimal("10.00"));
        processor.submitDisputeEvidence("dp-3", new DisputeEvidence("winning_evidence", null, "Jane", "doc-1"));

        String callback = "\"http://paywire.test" + DisputeNoticeProtocol.CALLBACK_PATH + "\"";
        assertThat(rail.received().get(1).body()).contains("\"disputeCallbackUrl\":" + callback);
        assertThat(rail.received().getLast().body()).contains("\"id\":\"dp-3\"", "\"explanation\":\"winning_evidence\"",
                "\"callbackUrl\":" + callback);
    }

    @Test
    void givenTheProcessorAwayWhenTheMerchantAccepts_itShouldFailForARetry() {
        rail.answer(CardProcessorProtocol.disputeAcceptance("dp-4"), 503, "{}");

        assertThatThrownBy(() -> processor.acceptDispute("dp-4")).isInstanceOf(RailUnavailableException.class);
    }
}
