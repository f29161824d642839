package com.paywire.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.networks.MobileNetwork;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rails.Rail.Capability;
import com.paywire.vocabulary.rails.Settlement;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The names rails and events go by outside the code: ledger account ids, metric tags and search attribute values
 * stored or charted before, and webhook event names clients subscribe to. A typo in an enum fails here.
 */
class WireNamesTest {

    @Test
    void eachRailKeepsItsNames() {
        assertThat(Arrays.stream(Rail.values()).map(r -> r + " " + r.ledgerName().orElse("-") + " " + r.metricName()
                + " " + r.searchName() + " " + r.storedName())).containsExactly(
                "MOBILE_MONEY MOBILE_MONEY MOBILE_MONEY MOBILE_MONEY MOBILE_MONEY",
                "BANK BANK BANK BANK BANK",
                "CARD_PROCESSOR CARD CARD_PROCESSOR CARD_PROCESSOR CARD_PROCESSOR",
                "AIRTIME - AIRTIME AIRTIME AIRTIME",
                "BILLER BILLER BILLER BILLER BILLER",
                "ACCOUNT_REGISTRY - ACCOUNT_LOOKUP ACCOUNT_REGISTRY ACCOUNT_REGISTRY",
                "IDENTITY_REGISTRY - IDENTITY_REGISTRY IDENTITY_REGISTRY IDENTITY_REGISTRY");
        assertThat(Rail.PROMPT_CALLBACKS).isEqualTo("MOBILE_MONEY_STK");
    }

    @Test
    void eachRailCanWhatItsAdapterDoes() {
        assertThat(Arrays.stream(Rail.values()).map(r -> r + " " + r.capabilities())).containsExactly(
                "MOBILE_MONEY [PAY_OUT, COLLECT, QUERY_STATUS]",
                "BANK [PAY_OUT, QUERY_STATUS]",
                "CARD_PROCESSOR [COLLECT, QUERY_STATUS, REVERSE]",
                "AIRTIME [PAY_OUT, QUERY_STATUS]",
                "BILLER [PAY_OUT, QUERY_STATUS, LOOK_UP]",
                "ACCOUNT_REGISTRY [LOOK_UP]",
                "IDENTITY_REGISTRY [LOOK_UP]");
        assertThat(Rail.CARD_PROCESSOR.can(Capability.REVERSE)).isTrue();
        assertThat(Rail.BANK.can(Capability.COLLECT)).isFalse();
    }

    @Test
    void settlementAccountsKeepTheirIds() {
        assertThat(LedgerAccounts.railSettlement(Rail.CARD_PROCESSOR)).isEqualTo("rail:CARD:SETTLEMENT");
        assertThat(LedgerAccounts.railSettlement(Rail.BANK)).isEqualTo("rail:BANK:SETTLEMENT");
        assertThat(LedgerAccounts.railSettlement(Rail.BILLER)).isEqualTo("rail:BILLER:SETTLEMENT");
        assertThat(LedgerAccounts.railSettlement(Rail.MOBILE_MONEY, "USD")).isEqualTo("rail:MOBILE_MONEY:SETTLEMENT:USD");
        assertThat(LedgerAccounts.railSettlement(Settlement.airtime(MobileNetwork.SAFARICOM)))
                .isEqualTo("rail:AIRTIME_SAFARICOM:SETTLEMENT");
        // airtime settles per network, registries move no money
        assertThatThrownBy(() -> Settlement.with(Rail.AIRTIME)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LedgerAccounts.railSettlement(Rail.ACCOUNT_REGISTRY))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void eachEventTypeKeepsItsWireName() {
        assertThat(Arrays.stream(EventType.values()).map(EventType::wireName)).containsExactly(
                "payment.authorised", "payment.authorisation_failed", "payment.captured", "payment.voided",
                "payment.refund_initiated", "payment.refund_failed", "fraud.rejected", "authentication.completed",
                "bill.due_date_reminder", "payout.completed", "payout.failed", "payout.timed_out", "payout.rejected",
                "payout.cancelled", "payment_order.processed", "express_deposit.result", "checkout.outcome",
                "kyc.result", "account_validation.result", "bill_payment.result", "airtime_purchase.result",
                "c2b.received", "webhook.test");
        assertThat(EventType.subscribableNames()).hasSize(EventType.values().length - 1)
                .doesNotContain("webhook.test");
        for (EventType type : EventType.values()) {
            assertThat(EventType.ofWireName(type.wireName())).contains(type);
        }
    }

    @Test
    void aPayoutLinePublishesTheEventOfItsFinalStatusOnly() {
        assertThat(Arrays.stream(LineStatus.values()).map(s -> s + " " + EventType.ofLineStatus(s)
                .map(EventType::wireName).orElse("-"))).contains("COMPLETED payout.completed",
                "FAILED payout.failed", "TIMED_OUT payout.timed_out", "REJECTED payout.rejected",
                "CANCELLED payout.cancelled", "PENDING -");
        assertThat(EventType.ofLineStatus(LineStatus.PENDING)).isEqualTo(Optional.empty());
    }
}
