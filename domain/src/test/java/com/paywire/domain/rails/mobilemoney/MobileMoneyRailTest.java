package com.paywire.domain.rails.mobilemoney;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.domain.rails.HttpPayoutRail;
import com.paywire.domain.rails.PayoutRailProtocol;
import com.paywire.domain.rails.RailCallback;
import com.paywire.domain.rails.RailMessageException;
import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.rails.StubRail;
import com.paywire.domain.rails.bank.BankTransferProtocol;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.collections.DepositCommand;
import com.paywire.workflows.collections.PromptAcknowledgement;
import com.paywire.workflows.collections.PromptResult;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.RailResult;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The mobile-money rail's package: its protocols are found by rail, its callbacks read, its HTTP answers mapped. */
class MobileMoneyRailTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final StubRail rail = new StubRail();

    @AfterEach
    void stop() {
        rail.close();
    }

    @Test
    void givenEveryRail_itsProtocolShouldBeRegistered_eachUnderItsOwnRail() {
        assertThat(PayoutRailProtocol.of(Rail.MOBILE_MONEY)).isInstanceOf(B2cPayoutProtocol.class);
        assertThat(PayoutRailProtocol.of(Rail.BANK)).isInstanceOf(BankTransferProtocol.class);
        assertThat(Rail.payoutLineRails().stream().map(PayoutRailProtocol::of).map(PayoutRailProtocol::rail))
                .containsExactlyElementsOf(Rail.payoutLineRails());
    }

    @Test
    void givenAPayoutCallback_itShouldReadToAFinalResult_andKeepTheBodyAsReceived() {
        String body = "{\"reference\":\"L-1\",\"resultCode\":\"2001\",\"resultDescription\":\"No such wallet\"}";

        RailCallback<RailResult> callback = PayoutRailProtocol.of(Rail.MOBILE_MONEY).readCallback(body);

        assertThat(callback.result().reference()).isEqualTo("L-1");
        assertThat(callback.result().state()).isEqualTo(RailResult.State.FAILED);
        assertThat(callback.result().railResultCode()).isEqualTo("2001");
        assertThat(callback.json()).contains("\"No such wallet\"");
    }

    @Test
    void givenAPromptCallbackThatIsNotAnObject_itShouldBeRefused() {
        assertThatThrownBy(() -> StkPushProtocol.readCallback("[1]")).isInstanceOf(RailMessageException.class);
        assertThat(StkPushProtocol.readCallback("{\"reference\":\"d-1\",\"resultCode\":\"0\"}").result().paid())
                .isTrue();
    }

    @Test
    void givenThePromptRail_aRefusalShouldBeTheDepositsResult_anUnknownPromptUnknown_andA5xxARetry() {
        HttpPromptRail prompts = new HttpPromptRail(rail.baseUrl(), "http://paywire", TIMEOUT, TIMEOUT,
                new SimpleMeterRegistry());
        rail.answer(StkPushProtocol.PROMPTS_PATH, 400, "{\"resultCode\":\"2001\",\"resultDesc\":\"Wrong PIN\"}")
                .answer(StkPushProtocol.PROMPTS_PATH + "/d-9", 503, "{}");

        PromptAcknowledgement refused = prompts.send(new DepositCommand("d-1", "c-1", "o-1", "254711000001",
                new BigDecimal("10"), "acc", "test", Duration.ofMinutes(1)));

        assertThat(refused.accepted()).isFalse();
        assertThat(refused.refusal().resultCode()).isEqualTo("2001");
        assertThat(rail.received().getFirst().idempotencyKey()).isEqualTo("d-1");
        assertThat(prompts.status("d-2").state()).isEqualTo(PromptResult.State.UNKNOWN);
        assertThatThrownBy(() -> prompts.status("d-9")).isInstanceOf(RailUnavailableException.class);
    }

    @Test
    void givenAPayoutTheRailRefuses_itShouldBeFinal_withTheRailsCodeMapped() {
        HttpPayoutRail payouts = new HttpPayoutRail(PayoutRailProtocol.of(Rail.MOBILE_MONEY), rail.baseUrl(),
                "http://paywire", TIMEOUT, TIMEOUT, new SimpleMeterRegistry());
        rail.answer(B2cPayoutProtocol.PAYMENTS_PATH, 422,
                "{\"responseCode\":\"2001\",\"responseDescription\":\"Not a wallet\"}");

        RailAcknowledgement refused = payouts.send(new PayoutLineCommand("c-1", "o-1", "l-1", "S-7",
                Rail.MOBILE_MONEY, 1, new BigDecimal("10"), "KES", "254711000001", null, "63902", "test", null,
                false, null, "L-7"));

        assertThat(refused.accepted()).isFalse();
        assertThat(refused.refusal().state()).isEqualTo(RailResult.State.FAILED);
        assertThat(refused.refusal().resultCode()).isEqualTo(ResultCode.INVALID_CREDIT_ACCOUNT.code());
        assertThat(rail.received().getFirst().idempotencyKey()).isEqualTo("L-7");
    }
}
