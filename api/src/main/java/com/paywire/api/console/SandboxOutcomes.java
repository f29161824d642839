package com.paywire.api.console;

import com.paywire.api.auth.Scope;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.bills.BillRequests;
import com.paywire.domain.bills.NewBillRequest;
import com.paywire.domain.collections.ExpressDepositSubmission;
import com.paywire.domain.collections.ExpressDeposits;
import com.paywire.domain.kyc.KycRequests;
import com.paywire.domain.kyc.NewKycRequest;
import com.paywire.domain.payouts.PaymentOrders;
import com.paywire.vocabulary.bills.BillRequestType;
import com.paywire.vocabulary.collections.ShortCode;
import com.paywire.vocabulary.networks.MobileNetwork;
import com.paywire.vocabulary.payouts.PaymentOrderSubmission;
import com.paywire.vocabulary.payouts.PaymentOrderSubmission.Transaction;
import com.paywire.vocabulary.payouts.PayoutRecipient;
import com.paywire.vocabulary.payouts.PayoutRemitter;
import com.paywire.vocabulary.products.Product;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * The rails simulator's magic values (docs/sandbox.md), each with what it makes happen and, where the console can
 * make one, a small payment of that kind from the signed-in client, sent through the same intake as the API's
 * requests: payouts to wallets, a paybill and bank accounts, express deposits, KYC checks and bill payments. The
 * others need a payer's page (cards, checkout) or a callback URL of the client's (airtime, account validation).
 * Only on the local stack, whose rails are the simulator.
 */
@Component
@Profile("local")
class SandboxOutcomes {

    /** How the console makes a payment: by the client's id, answering the payment's page. */
    interface Trigger {
        String make(String clientId);
    }

    /**
     * @param key     the name its button posts
     * @param value   the magic value, as the developer would send it
     * @param trigger null: tried elsewhere (the group's note says where)
     */
    record Outcome(String key, String value, String outcome, Scope scope, Trigger trigger) {
    }

    record Group(String title, String note, List<Outcome> outcomes) {
    }

    private static final String MOBILE_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";
    private static final String BANK_ROUTE = "d77ad3c8-ac13-48f4-9993-9d8c676d4329";
    private static final String PAYBILL_ROUTE = "5c358904-6093-4400-8086-07adbe0b6774";
    private static final String KYC_ROUTE = "7084d9cf-08ba-491b-ab39-de9db5ee59d2";
    private static final BigDecimal PAYOUT_AMOUNT = new BigDecimal("100.00");
    private static final Person JOHN = new Person("John", "Kamau", "Mwangi", "1990-05-14");

    private final PaymentOrders payouts;
    private final ExpressDeposits deposits;
    private final KycRequests kyc;
    private final BillRequests bills;
    private final List<Group> groups;

    SandboxOutcomes(PaymentOrders payouts, ExpressDeposits deposits, KycRequests kyc, BillRequests bills) {
        this.payouts = payouts;
        this.deposits = deposits;
        this.kyc = kyc;
        this.bills = bills;
        this.groups = List.of(
                new Group("Payouts to a mobile wallet", "KES 100.00 to the wallet, fee 10.00.", List.of(
                        wallet("wallet-declined", "+254711000001", "declined: not a registered wallet (resultCode 6)"),
                        wallet("wallet-no-float", "+254711000002", "the rail is out of float (resultCode 15)"),
                        wallet("wallet-late", "+254711000003", "paid, but the rail calls back after 30 s"),
                        wallet("wallet-silent", "+254711000004", "no answer at all: Timed Out (8, -1) after the window"),
                        wallet("wallet-paid", "+254712345678", "any other wallet: paid after 1.5 s, with a receipt"))),
                new Group("Payouts to a paybill", "KES 100.00 to paybill 888880, fee 20.00.", List.of(
                        paybill("paybill-known", "54405080323", "a known account: paid after 1.5 s"),
                        paybill("paybill-unknown", "11111111111", "an unknown account: declined (resultCode 6)"))),
                new Group("Payouts to a bank account", "KES 100.00 to the account, fee 50.00.", List.of(
                        bank("bank-invalid", "0000000001", "declined: invalid account (resultCode 6)"),
                        bank("bank-short", "0000000002", "insufficient funds at the rail (resultCode 15)"),
                        bank("bank-late", "0000000003", "paid after 30 s"),
                        bank("bank-silent", "0000000004", "no answer at all"),
                        bank("bank-paid", "1234567890", "any other account: paid after 2 s"))),
                new Group("Express deposits (phone prompts)", "KES 10.00 from the phone to your utility account.",
                        List.of(deposit("deposit-short", "254722000001", "1: the payer's balance is too low"),
                                deposit("deposit-cancelled", "254722000002", "1032: the payer cancels the prompt"),
                                deposit("deposit-unanswered", "254722000003", "1037: no answer in the prompt window"),
                                deposit("deposit-wrong-pin", "254722000004", "2001: the wrong PIN"),
                                deposit("deposit-late", "254722000005",
                                        "paid, but called back after 90 s: 1037 first, then credited late"),
                                deposit("deposit-paid", "254712345678", "any other number: paid after 2 s"))),
                new Group("KYC (the identity registry)", "A check of John Kamau Mwangi, born 1990-05-14, unless said.", List.of(
                        identity("kyc-match", "10000001", JOHN, "John Kamau Mwangi: every name matches"),
                        identity("kyc-someone-else", "10000002", JOHN, "Amina Wanjiru Hassan's ID: 02, someone else's"),
                        identity("kyc-accents", "10000003", new Person("Jose", null, "Ochieng", "1979-01-31"),
                                "José Ochieng's ID, sent as Jose: the names match without their accents"),
                        identity("kyc-registry-down", "15000000", JOHN, "the registry is down: 91 once its window passed"),
                        identity("kyc-unknown", "10009999", JOHN, "any other ID: not registered (03)"))),
                new Group("Bill payments (GOtv)", "KES 150.00 to the account, fee 30.00.", List.of(
                        bill("bill-paid", "7010000001", "MARY ATIENO's account: paid at once"),
                        bill("bill-unknown", "0000000000", "unknown to every biller: fails (1) before anything is held"),
                        bill("bill-refused", "7010000402", "the biller refuses the payment (BLR02), funds released"),
                        bill("bill-slow", "7010000408", "answered after 30 s, then confirmed by the status query"),
                        bill("bill-504-paid", "7010000504", "the biller answers 504; the status query says paid"),
                        bill("bill-504-failed", "7010000509", "the biller answers 504; the status query says failed"),
                        bill("bill-pending", "7010000502", "pending for ever: 14, funds held, then referred"))),
                new Group("Airtime", "Needs your callback URL: send it through POST /v1/airtime-purchase. The number's "
                        + "ending decides, with any network's prefix (254700000504, 254730000509, ...).", List.of(
                        elsewhere("…000400", "refused (INVALID_NUMBER): FAILED, 6"),
                        elsewhere("…000503", "the network is down: FAILED, 16 once the window passed"),
                        elsewhere("…000504", "answered 504, then topped up: COMPLETED after the window"),
                        elsewhere("…000509", "answered 504, then refused: FAILED, 13 after the window"),
                        elsewhere("…000502", "pending for ever: PROCESSING, 14, then referred"))),
                new Group("Account validation", "Needs your callback URL: send it through POST /v1/account/validate.",
                        List.of(elsewhere("wallet 254712345678", "JANE WANJIKU MWANGI"),
                                elsewhere("wallet 254700000404", "no such wallet: 1"),
                                elsewhere("bank account 1234567890", "ACME TRADING LIMITED"),
                                elsewhere("bank account 0000000001", "no such account: 1"),
                                elsewhere("bank code 99", "the bank never answers in time: 91"))),
                new Group("Cards and hosted checkout", "Entered by the payer on the hosted checkout page (any future "
                        + "expiry, any 3-4 digit code).", List.of(
                        elsewhere("4111 1111 1111 1111", "Visa: authorised, no 3-D Secure challenge"),
                        elsewhere("5555 5555 5555 4444", "Mastercard: authorised after the bank's challenge"),
                        elsewhere("4000 0000 0000 0002", "declined (CARD_DECLINED)"),
                        elsewhere("4000 0000 0000 9995", "fails with INSUFFICIENT_FUNDS"))));
    }

    List<Group> groups() {
        return groups;
    }

    Optional<Outcome> find(String key) {
        return groups.stream().flatMap(g -> g.outcomes().stream())
                .filter(o -> o.trigger() != null && o.key().equals(key)).findFirst();
    }

    private Outcome wallet(String key, String phone, String outcome) {
        return new Outcome(key, phone, outcome, Scope.PAYOUTS, clientId -> payout(clientId, null,
                recipient(phone, null, null), new Transaction(MOBILE_ROUTE, 1, PAYOUT_AMOUNT, "console", stan(), null)));
    }

    private Outcome paybill(String key, String account, String outcome) {
        return new Outcome(key, "888880, account " + account, outcome, Scope.PAYOUTS, clientId -> payout(clientId,
                null, recipient(account, "888880", null),
                new Transaction(PAYBILL_ROUTE, 14, PAYOUT_AMOUNT, "console", stan(), account)));
    }

    private Outcome bank(String key, String account, String outcome) {
        PayoutRemitter remitter = new PayoutRemitter("Sandbox merchant", "Nairobi", null, "+254700000000", "PASSPORT",
                "A1", "2030-01-01", "KE", 404, "Sandbox Bank", "Business", null, "1980-01-01", "KE", "Trader", null, null);
        return new Outcome(key, account, outcome, Scope.PAYOUTS, clientId -> payout(clientId, remitter,
                recipient(account, "68", "Equity"), new Transaction(BANK_ROUTE, 21, PAYOUT_AMOUNT, "console", stan(),
                        null)));
    }

    private Outcome deposit(String key, String phone, String outcome) {
        return new Outcome(key, phone, outcome, Scope.COLLECTIONS, clientId -> {
            ShortCode code = deposits.anyShortCodeOf(clientId).orElseThrow(() -> InvalidInputException.of(
                    null, "ShortCode", "Your client has no short code, which an express deposit needs."));
            return PaymentsController.pathOf(Product.PHONE_PROMPT, deposits.accept(clientId,
                    new ExpressDepositSubmission(code.shortCode(), "10.00", phone, null, "Console sandbox", stan(),
                            null, 0, null, null, null, "KES", "Sandbox", "Payer", MobileNetwork.SAFARICOM.mccmnc())).id().toString());
        });
    }

    /** Whom a KYC check names, as sent. */
    private record Person(String first, String middle, String last, String born) {
    }

    private Outcome identity(String key, String nationalId, Person person, String outcome) {
        return new Outcome(key, nationalId, outcome, Scope.KYC, clientId -> PaymentsController.pathOf(
                Product.KYC, kyc.accept(clientId, new NewKycRequest(KYC_ROUTE, person.first(),
                        person.middle(), person.last(), null, nationalId, null, null, null, null, null, person.born(),
                        null, null, null, null, null, null, "1", null, null, stan(), "KE", "404")).id().toString()));
    }

    private Outcome bill(String key, String account, String outcome) {
        return new Outcome(key, account, outcome, Scope.BILLS, clientId -> PaymentsController.pathOf(
                Product.BILL, bills.handle(clientId, new NewBillRequest(BillRequestType.PAY.code(),
                        "KE-GOTV", account, "254712345678", "Console sandbox", stan(), new BigDecimal("150.00"), null, "KE",
                        "KES", null, null)).payment().id().toString()));
    }

    private static Outcome elsewhere(String value, String outcome) {
        return new Outcome(value, value, outcome, null, null);
    }

    private String payout(String clientId, PayoutRemitter remitter, PayoutRecipient recipient,
                          Transaction transaction) {
        return PaymentsController.pathOf(Product.PAYMENT_ORDER, payouts.accept(clientId,
                new PaymentOrderSubmission(stan(), "Console sandbox", List.of(new PaymentOrderSubmission.Line(
                        remitter, recipient, transaction)))).id().toString());
    }

    private static PayoutRecipient recipient(String account, String institution, String bank) {
        return new PayoutRecipient("Sandbox Recipient", null, null, null, null, null, MobileNetwork.SAFARICOM.mccmnc(), bank, institution, account,
                404, "KE", "Console sandbox", null);
    }

    private static String stan() {
        return UUID.randomUUID().toString();
    }
}
