package com.paywire.domain.rails;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.domain.rails.mobilemoney.StkPushProtocol;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.collections.PromptResult;
import com.paywire.workflows.payouts.RailResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each rail's codes and bodies, read the one way both the callback endpoint and the rail activities read them. */
class RailProtocolsTest {

    @ParameterizedTest
    @CsvSource({
            "MOBILE_MONEY, 0, SUCCESS", "MOBILE_MONEY, 2001, INVALID_CREDIT_ACCOUNT",
            "MOBILE_MONEY, 1, INSUFFICIENT_WALLET_BALANCE", "MOBILE_MONEY, 00, THIRD_PARTY_FAILURE",
            "MOBILE_MONEY, 9999, THIRD_PARTY_FAILURE",
            "BANK, 00, SUCCESS", "BANK, 14, INVALID_CREDIT_ACCOUNT", "BANK, 51, INSUFFICIENT_WALLET_BALANCE",
            "BANK, 0, THIRD_PARTY_FAILURE", "BANK, 2001, THIRD_PARTY_FAILURE"})
    void givenARailsResultCode_itShouldMapToPaywiresOwn(Rail rail, String railCode, ResultCode expected) {
        assertThat(PayoutRailProtocol.of(rail).resultCode(railCode)).isEqualTo(expected);
    }

    @Test
    void givenAPayoutCallback_whenItIsRead_itShouldBeFinal_withTheRailsOwnCodesKept() {
        RailResult result = PayoutRailProtocol.of(Rail.BANK).callback(RailMessage.parse("""
                {"reference":"s-1","resultCode":51,"resultDescription":"Insufficient funds","walletBalance":"12.50"}"""));

        assertThat(result.state()).isEqualTo(RailResult.State.FAILED);
        assertThat(result.resultCode()).isEqualTo("15");
        assertThat(result.railResultCode()).isEqualTo("51");
        assertThat(result.walletBalance()).isEqualByComparingTo("12.50");
    }

    @Test
    void givenAPendingStatusAnswer_itShouldBePending() {
        RailResult result = PayoutRailProtocol.of(Rail.MOBILE_MONEY).status("s-2",
                RailMessage.parse("{\"reference\":\"s-2\",\"status\":\"PENDING\"}"));

        assertThat(result.hasFinalAnswer()).isFalse();
    }

    @Test
    void givenBodiesOfTheWrongShape_theyShouldBeRefused_beforeAnyResultIsMade() {
        assertThatThrownBy(() -> RailMessage.parse("not json")).isInstanceOf(RailMessageException.class);
        assertThatThrownBy(() -> RailMessage.parse("[1]")).isInstanceOf(RailMessageException.class);
        assertThatThrownBy(() -> PayoutRailProtocol.of(Rail.MOBILE_MONEY).callback(RailMessage.parse("{}")))
                .isInstanceOf(RailMessageException.class).hasMessageContaining("reference");
        assertThatThrownBy(() -> PayoutRailProtocol.of(Rail.MOBILE_MONEY).callback(RailMessage.parse(
                "{\"reference\":\"x\",\"walletBalance\":1e400}"))).hasMessageContaining("walletBalance");
        assertThatThrownBy(() -> StkPushProtocol.callback(RailMessage.parse(
                "{\"reference\":\"x\",\"resultCode\":[0]}"))).hasMessageContaining("resultCode");
    }

    @Test
    void givenThePayersAnswer_itShouldSayWhatBecomesOfTheDeposit() {
        assertThat(PromptResult.depositStatus("0")).isEqualTo(DepositStatus.COMPLETED);
        assertThat(PromptResult.depositStatus("1032")).isEqualTo(DepositStatus.CANCELLED);
        assertThat(PromptResult.depositStatus("2001")).isEqualTo(DepositStatus.FAILED);
        assertThat(PromptResult.depositStatus(null)).isEqualTo(DepositStatus.FAILED);
    }
}
