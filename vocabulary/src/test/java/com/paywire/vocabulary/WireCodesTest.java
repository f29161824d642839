package com.paywire.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.vocabulary.airtime.AirtimePurchaseStatus;
import com.paywire.vocabulary.airtime.AirtimeRecipientStatus;
import com.paywire.vocabulary.bills.BillPaymentStatus;
import com.paywire.vocabulary.bills.BillRequestType;
import com.paywire.vocabulary.cards.DisputeStatus;
import com.paywire.vocabulary.checkout.CheckoutChannel;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.ledger.AccountType;
import com.paywire.vocabulary.ledger.BalanceTransactionType;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransactionType;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.lookups.KycResponseCode;
import com.paywire.vocabulary.lookups.KycStatus;
import com.paywire.vocabulary.lookups.LookupStatus;
import com.paywire.vocabulary.operations.PendingConfirmation;
import com.paywire.vocabulary.operations.ResolutionOutcome;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/**
 * The statuses stored and answered as numbers: each number names one status and reads back as it, and the numbers
 * clients and recorded rows already hold keep their meaning (docs/interface.md); so do the airtime statuses stored
 * and answered by name, and the ledger transfers' states stored by name. KYC speaks in two-digit codes of its own.
 * The ledger's keys and account ids are stored too: every row written before keeps naming its payment and account.
 */
class WireCodesTest {

    @Test
    void everyCodeReadsBackAsItsStatus() {
        roundTrips(LineStatus.values(), LineStatus::code, LineStatus::of);
        roundTrips(CheckoutStatus.values(), CheckoutStatus::code, CheckoutStatus::of);
        roundTrips(LookupStatus.values(), LookupStatus::code, LookupStatus::of);
        roundTrips(BillPaymentStatus.values(), BillPaymentStatus::code, BillPaymentStatus::of);
    }

    @Test
    void theNumbersOnTheWireKeepTheirMeaning() {
        assertThat(Arrays.stream(LineStatus.values()).map(s -> s.code() + " " + s.description())).containsExactly(
                "0 Pending", "1 Queued", "2 Processing", "3 Failed", "4 Completed", "5 Cancelled", "6 Reversed",
                "7 Rejected", "8 Timed Out");
        assertThat(Arrays.stream(CheckoutStatus.values()).map(s -> s.code() + " " + s.description())).containsExactly(
                "0 Pending", "1 Processing", "2 Failed", "3 Cancelled", "4 Completed", "5 Expired", "6 Refunded",
                "7 Partially refunded");
        assertThat(Arrays.stream(LookupStatus.values()).map(s -> s.code() + " " + s.description())).containsExactly(
                "0 Pending", "2 Failed", "4 Completed");
        assertThat(Arrays.stream(BillPaymentStatus.values()).map(s -> s.code() + " " + s.description()))
                .containsExactly("0 Pending", "1 Processing", "2 Failed", "4 Completed", "8 Timed Out");
    }

    @Test
    void theNumbersClientsNameAccountsRequestsAndChannelsByKeepTheirMeaning() {
        assertThat(Arrays.stream(AccountType.values()).map(t -> t.code() + " " + t))
                .containsExactly("1 WORKING", "2 UTILITY", "3 RECEIVABLE");
        assertThat(Arrays.stream(BillRequestType.values()).map(t -> t.code() + " " + t))
                .containsExactly("1 QUERY", "2 PAY", "3 VALIDATE");
        assertThat(Arrays.stream(TransactionType.values()).map(t -> t.code() + " " + t))
                .containsExactly("9 BILL_PAYMENT", "12 PAYBILL_DEPOSIT");
        assertThat(Arrays.stream(CheckoutChannel.values()).map(c -> c.code() + " " + c.method()))
                .containsExactly("158 CARD", "1 MOBILE_MONEY");
        roundTrips(AccountType.values(), AccountType::code, AccountType::of);
        roundTrips(BillRequestType.values(), BillRequestType::code, BillRequestType::of);
        roundTrips(TransactionType.values(), TransactionType::code, TransactionType::of);
        roundTrips(CheckoutChannel.values(), CheckoutChannel::code, CheckoutChannel::of);
        assertThat(BillRequestType.requested(4)).isEmpty();
        assertThat(BillRequestType.requested(null)).isEmpty();
        assertThat(CheckoutChannel.find(2)).isEmpty();
    }

    @Test
    void theKycCodesKeepTheirMeaning_thoughTheStatusAndTheResponseShareSomeDigits() {
        assertThat(Arrays.stream(KycStatus.values()).map(s -> s.code() + " " + s.description()))
                .containsExactly("00 Success", "01 Pending", "02 Failed");
        assertThat(Arrays.stream(LookupStatus.values()).map(s -> s + " " + KycStatus.of(s).code()))
                .containsExactly("PENDING 01", "FAILED 02", "COMPLETED 00");
        assertThat(Arrays.stream(KycResponseCode.values()).map(c -> c.code() + " " + c)).containsExactly(
                "00 VERIFIED", "01 PARTIAL_MATCH", "02 NAMES_DO_NOT_MATCH", "03 NOT_FOUND", "91 REGISTRY_UNAVAILABLE");
        for (KycResponseCode code : KycResponseCode.values()) {
            assertThat(KycResponseCode.of(code.code())).isSameAs(code);
        }
    }

    @Test
    void theNamesOnTheWireKeepTheirSpelling() {
        assertThat(Arrays.stream(AirtimePurchaseStatus.values()).map(Enum::name))
                .containsExactly("PENDING", "COMPLETED", "PARTIALLY_COMPLETED", "FAILED");
        assertThat(Arrays.stream(AirtimeRecipientStatus.values()).map(Enum::name))
                .containsExactly("PENDING", "PROCESSING", "COMPLETED", "FAILED");
        assertThat(Arrays.stream(TransferState.values()).map(Enum::name)).containsExactly("PENDING", "POSTED", "VOIDED");
        assertThat(Arrays.stream(DisputeStatus.values()).map(Enum::name)).containsExactly("NEEDS_RESPONSE",
                "UNDER_REVIEW", "WON", "LOST");
        assertThat(Arrays.stream(ResolutionOutcome.values()).map(Enum::name)).containsExactly("PAID", "NOT_PAID");
        assertThat(PendingConfirmation.CODE).isEqualTo("14");
        assertThat(Arrays.stream(BalanceTransactionType.values()).map(Enum::name)).containsExactly("PAYOUT",
                "PAYOUT_FEE", "COLLECTION", "CARD_CAPTURE", "REFUND", "REVERSAL", "FUNDING", "ADJUSTMENT",
                "RECEIVABLE_RECOVERY", "TRANSFER", "SETTLEMENT", "SETTLEMENT_FEE", "PAYOUT_REVERSAL",
                "COLLECTION_REVERSAL", "DISPUTE", "DISPUTE_FEE", "DISPUTE_WON");
    }

    @Test
    void aStatementLineIsTypedByItsKeyAndAccounts_aRefundOrReversalWhateverItsProduct() {
        Optional<Product> none = Optional.empty();
        assertThat(BalanceTransactionType.of(Optional.of(Product.PAYOUT), false, false, false, false))
                .isEqualTo(BalanceTransactionType.PAYOUT);
        assertThat(BalanceTransactionType.of(Optional.of(Product.AIRTIME), false, false, false, true))
                .isEqualTo(BalanceTransactionType.PAYOUT_FEE);
        assertThat(BalanceTransactionType.of(Optional.of(Product.PAYBILL_DEPOSIT), false, false, false, false))
                .isEqualTo(BalanceTransactionType.COLLECTION);
        assertThat(BalanceTransactionType.of(Optional.of(Product.CARD), false, false, false, false))
                .isEqualTo(BalanceTransactionType.CARD_CAPTURE);
        assertThat(BalanceTransactionType.of(Optional.of(Product.CHECKOUT), false, true, false, false))
                .isEqualTo(BalanceTransactionType.REFUND);
        assertThat(BalanceTransactionType.of(Optional.of(Product.CARD), false, true, true, false))
                .isEqualTo(BalanceTransactionType.REVERSAL);
        assertThat(BalanceTransactionType.of(none, true, false, false, false)).isEqualTo(BalanceTransactionType.FUNDING);
        // a settlement's amount and fee leave the utility account as lines of their own
        assertThat(BalanceTransactionType.of(Optional.of(Product.SETTLEMENT), false, false, false, false))
                .isEqualTo(BalanceTransactionType.SETTLEMENT);
        assertThat(BalanceTransactionType.of(Optional.of(Product.SETTLEMENT), false, false, false, true))
                .isEqualTo(BalanceTransactionType.SETTLEMENT_FEE);
        assertThat(BalanceTransactionType.of(none, false, false, false, false))
                .isEqualTo(BalanceTransactionType.ADJUSTMENT);
        assertThat(BalanceTransactionType.of(Optional.of(Product.ACCOUNT_TRANSFER), false, false, false, false))
                .isEqualTo(BalanceTransactionType.TRANSFER);
        // a recovery is one whatever the credit it was taken from (a refund undone, a funding)
        assertThat(BalanceTransactionType.of(Optional.of(Product.PAYOUT), true, true, true, true, true))
                .isEqualTo(BalanceTransactionType.RECEIVABLE_RECOVERY);
        // the rail took a payout back: its amount returns to the working account as a type of its own
        assertThat(BalanceTransactionType.of("payout:R1:reversal:v1", Optional.of(Product.PAYOUT), false, false, false,
                false, false)).isEqualTo(BalanceTransactionType.PAYOUT_REVERSAL);
        assertThat(BalanceTransactionType.of("payout:R1", Optional.of(Product.PAYOUT), false, false, false, false,
                false)).isEqualTo(BalanceTransactionType.PAYOUT);
        // a collection given back by the rail's reversal, its fee leg included, is one line of its own type
        assertThat(BalanceTransactionType.of("paybill:R2:reversal:v2", Optional.of(Product.PAYBILL_DEPOSIT), false,
                false, false, false, false)).isEqualTo(BalanceTransactionType.COLLECTION_REVERSAL);
        assertThat(BalanceTransactionType.of("deposit:d3:reversal:v3", Optional.of(Product.PHONE_PROMPT), false, false,
                false, true, false)).isEqualTo(BalanceTransactionType.COLLECTION_REVERSAL);
    }

    @Test
    void theLedgersKeysAndAccountIdsKeepTheirForm() {
        assertThat(Product.movingMoney().stream().map(p -> p + " " + p.key("id") + " " + p.statementName()))
                .containsExactly("PAYOUT payout:id PAYOUT", "AIRTIME airtime:id AIRTIME", "BILL bill:id BILL",
                        "PHONE_PROMPT deposit:id EXPRESS_DEPOSIT", "CHECKOUT checkout:id CHECKOUT", "CARD card:id CARD",
                        "PAYBILL_DEPOSIT paybill:id PAYBILL_DEPOSIT", "ACCOUNT_TRANSFER transfer:id TRANSFER",
                        "SETTLEMENT settlement:id SETTLEMENT");
        for (Product product : Product.movingMoney()) {
            assertThat(Product.ofKeyPrefix(product.keyPrefix())).contains(product);
        }
        assertThat(Product.ofKeyPrefix("sandbox-opening-float:")).isEmpty();
        assertThat(Product.ofKeyPrefix("bank-funding:")).isEmpty();
        // a card dispute's keys name no product: its amount, its fee and its win are typed by the event key
        assertThat(BalanceTransactionType.of("dispute:dsp_1", Optional.empty(), false, false, false, false, false))
                .isEqualTo(BalanceTransactionType.DISPUTE);
        assertThat(BalanceTransactionType.of("dispute:dsp_1", Optional.empty(), false, false, false, true, false))
                .isEqualTo(BalanceTransactionType.DISPUTE_FEE);
        assertThat(BalanceTransactionType.of("dispute:dsp_1:won", Optional.empty(), false, false, false, false, false))
                .isEqualTo(BalanceTransactionType.DISPUTE_WON);
        assertThat(BalanceTransactionType.of("dispute:dsp_1", Optional.empty(), false, false, false, false, true))
                .isEqualTo(BalanceTransactionType.RECEIVABLE_RECOVERY);
        assertThat(LedgerAccounts.FUNDING_SUSPENSE).isEqualTo("platform:FUNDING_SUSPENSE");
        assertThat(List.of(LedgerAccounts.working("acme"), LedgerAccounts.utility("acme"),
                LedgerAccounts.utility("acme", "KES"), LedgerAccounts.utility("acme", "USD"),
                LedgerAccounts.receivable("acme"), LedgerAccounts.railSettlement(Rail.CARD_PROCESSOR, "EUR"),
                LedgerAccounts.railSettlement(Rail.MOBILE_MONEY), LedgerAccounts.feeRevenue("KES"),
                LedgerAccounts.feeRevenue("USD"), LedgerAccounts.FUNDING, LedgerAccounts.REFUNDS_DUE)).containsExactly(
                "client:acme:WORKING", "client:acme:UTILITY", "client:acme:UTILITY", "client:acme:UTILITY:USD",
                "client:acme:RECEIVABLE", "rail:CARD:SETTLEMENT:EUR", "rail:MOBILE_MONEY:SETTLEMENT",
                "platform:FEE_REVENUE", "platform:FEE_REVENUE:USD", "platform:FUNDING", "platform:REFUNDS_DUE");
        // a credit to the client's KES working or utility account pays back its receivable; nothing else does
        assertThat(LedgerAccounts.recoveringClient(LedgerAccounts.working("acme"))).contains("acme");
        assertThat(LedgerAccounts.recoveringClient(LedgerAccounts.utility("acme"))).contains("acme");
        assertThat(List.of(LedgerAccounts.utility("acme", "USD"), LedgerAccounts.receivable("acme"),
                LedgerAccounts.railSettlement(Rail.MOBILE_MONEY), LedgerAccounts.FUNDING, "client::UTILITY"))
                .allSatisfy(id -> assertThat(LedgerAccounts.recoveringClient(id)).isEmpty());
        // a utility account in another currency pays back the receivable in that currency (a card dispute's debt)
        assertThat(LedgerAccounts.receivable("acme", "USD")).isEqualTo("client:acme:RECEIVABLE:USD");
        assertThat(LedgerAccounts.recoveredReceivable(LedgerAccounts.utility("acme", "USD")))
                .contains("client:acme:RECEIVABLE:USD");
        assertThat(LedgerAccounts.recoveredReceivable(LedgerAccounts.utility("acme"))).contains("client:acme:RECEIVABLE");
        assertThat(LedgerAccounts.recoveredReceivable(LedgerAccounts.working("acme"))).contains("client:acme:RECEIVABLE");
        assertThat(List.of(LedgerAccounts.receivable("acme", "USD"), LedgerAccounts.railSettlement(Rail.CARD_PROCESSOR,
                "USD"), LedgerAccounts.feeRevenue("USD"), "client:acme:WORKING:USD"))
                .allSatisfy(id -> assertThat(LedgerAccounts.recoveredReceivable(id)).isEmpty());
    }

    @Test
    void aNumberNamingNoStatusIsRefused() {
        assertThatThrownBy(() -> LineStatus.of(9)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CheckoutStatus.of(8)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LookupStatus.of(1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BillPaymentStatus.of(3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> KycResponseCode.of("04")).isInstanceOf(IllegalArgumentException.class);
    }

    private static <S> void roundTrips(S[] statuses, ToIntFunction<S> code, IntFunction<S> of) {
        for (S status : statuses) {
            assertThat(of.apply(code.applyAsInt(status))).as("code %d", code.applyAsInt(status)).isSameAs(status);
        }
    }
}
