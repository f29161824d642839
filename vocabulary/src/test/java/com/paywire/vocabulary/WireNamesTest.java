package com.paywire.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.vocabulary.checkout.PaymentMethod;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.networks.MobileNetwork;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rails.Rail.Capability;
import com.paywire.vocabulary.rails.Settlement;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The names rails, products and events go by outside the code: ledger account ids and keys, metric tags, search
 * attribute values, timeline names in clients' URLs, workflow ids and event ordering keys in recorded histories and
 * rows, and webhook event names clients subscribe to. A typo in an enum fails here.
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
        assertThat(Rail.payoutLineRails()).containsExactly(Rail.MOBILE_MONEY, Rail.BANK);
        assertThat(Rail.CARD_PROCESSOR.can(Capability.REVERSE)).isTrue();
        assertThat(Rail.BANK.can(Capability.COLLECT)).isFalse();
    }

    @Test
    void aCheckoutsMoneyComesInByItsPaymentMethodsRail() {
        assertThat(PaymentMethod.CARD.rail()).isEqualTo(Rail.CARD_PROCESSOR);
        assertThat(PaymentMethod.MOBILE_MONEY.rail()).isEqualTo(Rail.MOBILE_MONEY);
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
    void eachProductKeepsItsNames() {
        assertThat(Arrays.stream(Product.values()).map(p -> String.join(" ", p.name(),
                p.movesMoney() ? p.key("id") + " " + p.direction() + " " + p.statementName() : "-",
                String.valueOf(p.searchValue()), p.followedByTimelines() ? p.timelineName() : "-",
                p == Product.PAYMENT_LINK || p == Product.ACCOUNT_TRANSFER ? "-" : p.workflowIdPrefix(), p.rail().map(Rail::name).orElse("-"))))
                .containsExactly(
                        "PAYMENT_ORDER - payout payment-order payment-order -",
                        "PAYOUT payout:id OUT PAYOUT payout payout-line payout-line -",
                        "AIRTIME airtime:id OUT AIRTIME airtime airtime-purchase airtime AIRTIME",
                        "BILL bill:id OUT BILL bill bill-payment bill-payment BILLER",
                        "PHONE_PROMPT deposit:id IN EXPRESS_DEPOSIT express-deposit express-deposit express-deposit"
                                + " MOBILE_MONEY",
                        "PAYMENT_LINK - payment-link payment-link - MOBILE_MONEY",
                        "CHECKOUT checkout:id IN CHECKOUT checkout checkout checkout -",
                        "CARD card:id IN CARD card card-payment card-payment CARD_PROCESSOR",
                        "PAYBILL_DEPOSIT paybill:id IN PAYBILL_DEPOSIT paybill-deposit paybill-deposit c2b MOBILE_MONEY",
                        "KYC - kyc kyc-request kyc IDENTITY_REGISTRY",
                        "ACCOUNT_VALIDATION - account-validation account-validation account-validation"
                                + " ACCOUNT_REGISTRY",
                        "BILL_REMINDER - bill-reminder - bill-reminder BILLER",
                        "WEBHOOK - webhook - delivery -",
                        "ACCOUNT_TRANSFER transfer:id WITHIN TRANSFER null - - -",
                        "SETTLEMENT settlement:id OUT SETTLEMENT settlement - settlement BANK");
        for (Product product : Product.followed()) {
            assertThat(Product.ofTimelineName(product.timelineName())).contains(product);
        }
        assertThat(Product.ofTimelineName("payout")).isEmpty();
        // a payment link's money is its phone prompts', and it has no workflow of its own
        assertThatThrownBy(() -> Product.PAYMENT_LINK.keyPrefix()).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> Product.PAYMENT_LINK.workflowIdPrefix()).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void eachProductsEventsKeepTheirOrderingKey() {
        assertThat(Arrays.stream(Product.values()).filter(p -> p != Product.PAYOUT && p != Product.CARD
                        && p != Product.PAYMENT_LINK && p != Product.WEBHOOK && p != Product.ACCOUNT_TRANSFER).map(p -> p.eventKey("id")))
                .containsExactly("payment-order:id", "airtime-purchase:id", "bill:id", "deposit:id", "checkout:id",
                        "paybill:id", "kyc:id", "account-validation:id", "bill-number:id", "settlement:id");
        assertThatThrownBy(() -> Product.CARD.eventKey("id")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void eachEventTypeKeepsItsWireName() {
        assertThat(Arrays.stream(EventType.values()).map(EventType::wireName)).containsExactly(
                "payment.authorised", "payment.authorisation_failed", "payment.captured", "payment.voided",
                "payment.refund_initiated", "payment.refund_failed", "fraud.rejected", "authentication.completed",
                "bill.due_date_reminder", "payout.completed", "payout.failed", "payout.timed_out", "payout.rejected",
                "payout.cancelled", "payout.reversed", "payment_order.processed", "express_deposit.result", "checkout.outcome",
                "kyc.result", "account_validation.result", "bill_payment.result", "airtime_purchase.result",
                "c2b.received", "webhook.test", "settlement.instructions_changed", "settlement.paid",
                "settlement.failed", "balance.funded", "deposit.reversed", "deposit.reversal_failed",
                "c2b.reversed", "c2b.reversal_failed", "dispute.created", "dispute.won", "dispute.lost");
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
                "CANCELLED payout.cancelled", "REVERSED payout.reversed", "PENDING -");
        assertThat(EventType.ofLineStatus(LineStatus.PENDING)).isEqualTo(Optional.empty());
    }
}
