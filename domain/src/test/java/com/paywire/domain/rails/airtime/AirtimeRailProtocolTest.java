package com.paywire.domain.rails.airtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailMessageException;
import com.paywire.workflows.airtime.TopUpOutcome;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** How the airtime rail's answers read in Paywire's codes; what does not follow the protocol is no answer. */
class AirtimeRailProtocolTest {

    @Test
    void givenATopUp_theOutcomeShouldBeSuccessWithTheReceipt() {
        TopUpOutcome outcome = AirtimeRailProtocol.toppedUp("r-1",
                RailMessage.parse("{\"reference\":\"r-1\",\"status\":\"SUCCESS\",\"receiptNumber\":\"AT123\"}"));

        assertThat(outcome.toppedUp()).isTrue();
        assertThat(outcome.resultCode()).isEqualTo(TopUpOutcome.SUCCESS);
        assertThat(outcome.receiptNumber()).isEqualTo("AT123");
    }

    @Test
    void givenARefusal_anInvalidNumberShouldRead6_andAnyOtherReason13() {
        TopUpOutcome invalid = AirtimeRailProtocol.refused("r-1", RailMessage.parse(
                "{\"reference\":\"r-1\",\"status\":\"REFUSED\",\"reasonCode\":\"INVALID_NUMBER\"}"));
        TopUpOutcome other = AirtimeRailProtocol.refused("r-1", RailMessage.parse(
                "{\"reference\":\"r-1\",\"status\":\"REFUSED\",\"reasonCode\":\"LIMIT\",\"reasonDesc\":\"Daily limit\"}"));

        assertThat(invalid.resultCode()).isEqualTo(TopUpOutcome.INVALID_NUMBER);
        assertThat(invalid.toppedUp()).isFalse();
        assertThat(other.resultCode()).isEqualTo(TopUpOutcome.REFUSED);
        assertThat(other.resultDesc()).endsWith("Daily limit");
    }

    @Test
    void givenAnAnswerAboutAnotherTopUp_orWithoutStatusOrReceipt_itShouldBeNoAnswer() {
        assertThatThrownBy(() -> AirtimeRailProtocol.toppedUp("r-1", RailMessage.parse(
                "{\"reference\":\"r-2\",\"status\":\"SUCCESS\",\"receiptNumber\":\"AT1\"}")))
                .isInstanceOf(RailMessageException.class);
        assertThatThrownBy(() -> AirtimeRailProtocol.toppedUp("r-1", RailMessage.parse(
                "{\"reference\":\"r-1\",\"status\":\"PENDING\",\"receiptNumber\":\"AT1\"}")))
                .isInstanceOf(RailMessageException.class);
        assertThatThrownBy(() -> AirtimeRailProtocol.toppedUp("r-1", RailMessage.parse(
                "{\"reference\":\"r-1\",\"status\":\"SUCCESS\"}")))
                .isInstanceOf(RailMessageException.class);
    }

    @Test
    void givenAStatusAnswer_aTopUpOrARefusalShouldBeTheOutcome_andPendingNone() {
        TopUpOutcome done = AirtimeRailProtocol.status("r-1", RailMessage.parse(
                "{\"reference\":\"r-1\",\"status\":\"SUCCESS\",\"receiptNumber\":\"AT9\"}"));
        TopUpOutcome refused = AirtimeRailProtocol.status("r-1", RailMessage.parse(
                "{\"reference\":\"r-1\",\"status\":\"REFUSED\",\"reasonCode\":\"LIMIT\"}"));

        assertThat(done.toppedUp()).isTrue();
        assertThat(done.receiptNumber()).isEqualTo("AT9");
        assertThat(refused.resultCode()).isEqualTo(TopUpOutcome.REFUSED);
        assertThat(AirtimeRailProtocol.status("r-1", RailMessage.parse(
                "{\"reference\":\"r-1\",\"status\":\"PENDING\"}"))).as("not settled yet").isNull();
        assertThat(AirtimeRailProtocol.neverReceived("r-1").resultCode()).isEqualTo(TopUpOutcome.NETWORK_UNAVAILABLE);
    }

    @Test
    void givenAStatusAnswerAboutAnotherTopUp_orOfAnUnknownStatus_itShouldBeNoAnswer() {
        assertThatThrownBy(() -> AirtimeRailProtocol.status("r-1", RailMessage.parse(
                "{\"reference\":\"r-2\",\"status\":\"PENDING\"}"))).isInstanceOf(RailMessageException.class);
        assertThatThrownBy(() -> AirtimeRailProtocol.status("r-1", RailMessage.parse(
                "{\"reference\":\"r-1\",\"status\":\"MAYBE\"}"))).isInstanceOf(RailMessageException.class);
    }

    @Test
    void givenARequest_theAmountShouldBeSentWithTwoDecimals() {
        assertThat(AirtimeRailProtocol.request("r-1", "AIRTEL", "254733123456", new BigDecimal("99"), "KES"))
                .containsEntry("amount", "99.00").containsEntry("network", "AIRTEL").containsEntry("reference", "r-1");
    }
}
