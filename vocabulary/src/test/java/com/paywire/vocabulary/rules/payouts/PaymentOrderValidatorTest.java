package com.paywire.vocabulary.rules.payouts;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.payouts.PaymentOrderSubmission;
import com.paywire.vocabulary.payouts.PaymentOrderSubmission.Line;
import com.paywire.vocabulary.payouts.PaymentOrderSubmission.Transaction;
import com.paywire.vocabulary.payouts.PayoutRecipient;
import com.paywire.vocabulary.payouts.PayoutRemitter;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.FieldProblem;
import com.paywire.vocabulary.rules.routes.Route;
import com.paywire.vocabulary.rules.routes.RouteChannelType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The payment order rules alone: the client's routes are a map, no database. */
class PaymentOrderValidatorTest {

    static final String CLIENT = "client-a";
    static final UUID WALLET = UUID.fromString("11111111-1111-4111-8111-111111111111");
    static final UUID BANK = UUID.fromString("22222222-2222-4222-8222-222222222222");
    static final UUID PAYBILL = UUID.fromString("33333333-3333-4333-8333-333333333333");
    static final UUID TILL = UUID.fromString("44444444-4444-4444-8444-444444444444");
    static final UUID AIRTIME = UUID.fromString("55555555-5555-4555-8555-555555555555");
    static final UUID INACTIVE = UUID.fromString("66666666-6666-4666-8666-666666666666");

    /** The client's assigned routes; the lookup notes which client it was asked for. */
    final Map<UUID, Route> assigned = new HashMap<>();
    final List<String> askedFor = new ArrayList<>();
    final PaymentOrderValidator validator = new PaymentOrderValidator((clientId, routeId) -> {
        askedFor.add(clientId);
        return CLIENT.equals(clientId) ? Optional.ofNullable(assigned.get(routeId)) : Optional.empty();
    }, (clientId, route, channelType) -> { });

    PaymentOrderValidatorTest() {
        assigned.put(WALLET, route(WALLET, "MOBILE_WALLET", true, true,
                new RouteChannelType(1, "M-Pesa", null), new RouteChannelType(2, "M-Pesa (old code)", 1)));
        assigned.put(BANK, route(BANK, "BANK_TRANSFER", true, true, new RouteChannelType(20, "Pesalink", null)));
        assigned.put(PAYBILL, route(PAYBILL, "BUSINESS_PAYBILL", true, true, new RouteChannelType(13, "Paybill", null)));
        assigned.put(TILL, route(TILL, "BUSINESS_TILL", true, true, new RouteChannelType(14, "Till", null)));
        assigned.put(AIRTIME, route(AIRTIME, "AIRTIME", true, true, new RouteChannelType(7, "Airtime", null)));
        assigned.put(INACTIVE, route(INACTIVE, "MOBILE_WALLET", false, true, new RouteChannelType(1, "M-Pesa", null)));
    }

    static Route route(UUID id, String category, boolean active, boolean enabled, RouteChannelType... types) {
        return new Route(id, category, category, 1, UUID.randomUUID(), category, category, enabled, "SIMULATOR",
                "KE", active, Set.of(types));
    }

    static String stan() {
        return UUID.randomUUID().toString();
    }

    static Transaction tx(UUID route, int channelType, String amount, String stan) {
        return new Transaction(route.toString(), channelType, new BigDecimal(amount), "ref", stan, null);
    }

    static PayoutRecipient wallet(String phone, String mccmnc) {
        return new PayoutRecipient("Jane", null, null, null, null, null, mccmnc, null, null, phone, 404, "KE", null, null);
    }

    static Line walletLine(String stan) {
        return new Line(null, wallet("+254712345678", "63902"), tx(WALLET, 1, "100.00", stan));
    }

    static PayoutRemitter remitter(String idExpiryDate, String dateOfBirth) {
        return new PayoutRemitter("Acme Ltd", "1 Moi Avenue", null, "+254700000001", "PASSPORT", "A123", idExpiryDate, "KE",
                404, "Equity", "SALARY", null, dateOfBirth, "KE", "Trader", null, null);
    }

    static PayoutRecipient bankRecipient() {
        return new PayoutRecipient("John", null, null, "+254711000000", null, null, "63902", "KCB", "01", "1234567890", 404,
                "KE", "FAMILY", null);
    }

    static PayoutRecipient business(String institution, String primary) {
        return new PayoutRecipient("Shop", null, null, null, null, null, null, null, institution, primary, 404, null, null,
                null);
    }

    List<FieldProblem> errors = new ArrayList<>();

    List<PaymentOrderValidator.ValidLine> validate(Line... lines) {
        errors = new ArrayList<>();
        return validator.validate(CLIENT, new PaymentOrderSubmission("ocid", null, List.of(lines)), errors);
    }

    List<String> fields() {
        return errors.stream().map(FieldProblem::field).toList();
    }

    @Test
    void givenAGoodWalletLine_itShouldBeValid_creditingTheWalletsPhone_onTheMobileRail() {
        var valid = validate(walletLine(stan()));

        assertThat(errors).isEmpty();
        assertThat(valid).singleElement().satisfies(v -> {
            assertThat(v.rail()).isEqualTo(Rail.MOBILE_MONEY);
            assertThat(v.creditAccount()).isEqualTo("+254712345678");
            assertThat(v.route().id()).isEqualTo(WALLET);
            assertThat(v.accountReference()).isNull();
        });
        assertThat(askedFor).containsExactly(CLIENT);
    }

    @Test
    void givenAStanThatIsNoGuid_itShouldBeRefused() {
        assertThat(validate(walletLine("not-a-guid"))).isEmpty();
        assertThat(fields()).containsExactly("paymentOrderLines[0].transaction.systemTraceAuditNumber");
        assertThat(errors.getFirst().message()).isEqualTo("The systemTraceAuditNumber must be a GUID.");
    }

    @Test
    void givenTwoLinesWithOneStan_inAnyLetterCase_theSecondShouldBeRefusedAsADuplicate() {
        String stan = stan();
        var valid = validate(walletLine(stan), walletLine(stan.toUpperCase()));

        assertThat(valid).hasSize(1);
        assertThat(fields()).containsExactly("paymentOrderLines[1].transaction.systemTraceAuditNumber");
        assertThat(errors.getFirst().message()).contains("is a duplicate");
    }

    @Test
    void givenARouteNotAssigned_inactive_orNotAPayout_itShouldBeRefusedAsUnknown() {
        UUID unknown = UUID.randomUUID();
        for (UUID route : List.of(unknown, INACTIVE, AIRTIME)) {
            validate(new Line(null, wallet("+254712345678", "63902"), tx(route, 1, "100.00", stan())));
            assertThat(fields()).as(route.toString()).containsExactly("paymentOrderLines[0].transaction.routeId");
            assertThat(errors.getFirst().message()).endsWith("is not a payout route assigned to you.");
        }
    }

    @Test
    void givenARouteIdThatIsNoGuid_itShouldBeRefused_withoutLookingItUp() {
        validate(new Line(null, wallet("+254712345678", "63902"),
                new Transaction("wallet", 1, new BigDecimal("10.00"), "r", stan(), null)));

        assertThat(fields()).containsExactly("paymentOrderLines[0].transaction.routeId");
        assertThat(askedFor).isEmpty();
    }

    @Test
    void givenAnotherClientsRoute_itShouldBeUnknown() {
        errors = new ArrayList<>();
        var valid = validator.validate("client-b",
                new PaymentOrderSubmission("ocid", null, List.of(walletLine(stan()))), errors);

        assertThat(valid).isEmpty();
        assertThat(fields()).containsExactly("paymentOrderLines[0].transaction.routeId");
        assertThat(askedFor).containsExactly("client-b");
    }

    @Test
    void givenAChannelTypeTheRouteDoesNotOffer_itShouldBeRefused_listingTheCurrentOnes() {
        validate(new Line(null, wallet("+254712345678", "63902"), tx(WALLET, 13, "100.00", stan())));

        assertThat(fields()).containsExactly("paymentOrderLines[0].transaction.ChannelType");
        assertThat(errors.getFirst().message())
                .isEqualTo("The ChannelType 13 is not offered by this route; it offers 1 (M-Pesa).");
    }

    @Test
    void givenADeprecatedChannelTypeStillAccepted_theLineShouldBeValid() {
        assertThat(validate(new Line(null, wallet("+254712345678", "63902"), tx(WALLET, 2, "100.00", stan()))))
                .hasSize(1);
        assertThat(errors).isEmpty();
    }

    @Test
    void givenAmountsAtAndBeyondTheRoutesLimits_onlyThoseBeyondShouldBeRefused() {
        assertThat(validate(new Line(null, wallet("+254712345678", "63902"), tx(WALLET, 1, "150000.00", stan()))))
                .hasSize(1);
        assertThat(validate(new Line(null, wallet("+254712345678", "63902"), tx(WALLET, 1, "1.00", stan()))))
                .hasSize(1);

        validate(new Line(null, wallet("+254712345678", "63902"), tx(WALLET, 1, "150000.01", stan())));
        assertThat(fields()).containsExactly("paymentOrderLines[0].transaction.amount");
        validate(new Line(null, wallet("+254712345678", "63902"), tx(WALLET, 1, "0.99", stan())));
        assertThat(fields()).containsExactly("paymentOrderLines[0].transaction.amount");
    }

    @Test
    void givenAWalletLine_itsMccmncPhoneCurrencyAndCountry_shouldFollowTheMobileRules() {
        PayoutRecipient bad = new PayoutRecipient("Jane", null, null, "0812345678", null, null, "63999", null, null, "0812345678",
                840, "ke", null, null);
        validate(new Line(null, bad, tx(WALLET, 1, "100.00", stan())));

        assertThat(fields()).containsExactly("paymentOrderLines[0].recipient.mccmnc",
                "paymentOrderLines[0].recipient.primaryAccountNumber", "paymentOrderLines[0].recipient.phoneNumber",
                "paymentOrderLines[0].recipient.ccy", "paymentOrderLines[0].recipient.country");
        assertThat(errors.getFirst().message()).endsWith("is not on the published list: [63902, 63903, 63907].");
    }

    @Test
    void givenAWalletLineWithoutMccmncOrPhone_bothShouldBeRequired() {
        validate(new Line(null, wallet(null, " "), tx(WALLET, 1, "100.00", stan())));

        assertThat(errors).extracting(FieldProblem::message).containsExactly("The mccmnc field is required.",
                "The primaryAccountNumber field is required.");
    }

    @Test
    void givenAMobileLinesOptionalRemitter_whatIsSentShouldStillBeRight() {
        PayoutRemitter sent = new PayoutRemitter(null, null, null, "+2547", null, null, "2030-13-01", "Kenya", null, null, null,
                null, "14/05/1990", null, null, null, null);
        validate(new Line(sent, wallet("+254712345678", "63902"), tx(WALLET, 1, "100.00", stan())));

        assertThat(fields()).containsExactly("paymentOrderLines[0].remitter.phoneNumber",
                "paymentOrderLines[0].remitter.country", "paymentOrderLines[0].remitter.dateOfBirth",
                "paymentOrderLines[0].remitter.idExpiryDate");
        assertThat(errors.get(2).message()).isEqualTo("The dateOfBirth must be a date as YYYY-MM-DD.");
    }

    @Test
    void givenAGoodBankLine_itShouldBeValid_creditingTheAccount_onTheBankRail() {
        var valid = validate(new Line(remitter("2030-01-31", "1980-02-29"), bankRecipient(),
                tx(BANK, 20, "500000.00", stan())));

        assertThat(errors).isEmpty();
        assertThat(valid).singleElement().satisfies(v -> {
            assertThat(v.rail()).isEqualTo(Rail.BANK);
            assertThat(v.creditAccount()).isEqualTo("1234567890");
        });
    }

    @Test
    void givenABankLineWithoutRemitter_theRemitterShouldBeRequired_andTheRecipientStillChecked() {
        PayoutRecipient noAccount = new PayoutRecipient("John", null, null, "+254711000000", null, null, "63902", "KCB", "01", null,
                404, "KE", "FAMILY", null);
        validate(new Line(null, noAccount, tx(BANK, 20, "100.00", stan())));

        assertThat(fields()).containsExactly("paymentOrderLines[0].remitter",
                "paymentOrderLines[0].recipient.primaryAccountNumber");
    }

    @Test
    void givenABankLinesRemitterWithAnImpossibleDate_andNoOccupation_bothShouldBeRefused() {
        PayoutRemitter r = new PayoutRemitter("Acme Ltd", "1 Moi Avenue", null, "+254700000001", "PASSPORT", "A123", "2030-02-30",
                "KE", 404, "Equity", "SALARY", null, "1980-01-01", "KE", " ", null, null);
        validate(new Line(r, bankRecipient(), tx(BANK, 20, "100.00", stan())));

        assertThat(fields()).containsExactly("paymentOrderLines[0].remitter.idExpiryDate",
                "paymentOrderLines[0].remitter.occupation");
    }

    @Test
    void givenABankLineWithoutCurrency_theCurrencyShouldBeRequired_unlikeOnAWalletLine() {
        PayoutRecipient noCcy = new PayoutRecipient("John", null, null, "+254711000000", null, null, "63902", "KCB", "01",
                "1234567890", null, "KE", "FAMILY", null);
        validate(new Line(remitter("2030-01-31", "1980-01-01"), noCcy, tx(BANK, 20, "100.00", stan())));
        assertThat(errors).extracting(FieldProblem::message).containsExactly("The ccy field is required.");

        PayoutRecipient walletNoCcy = new PayoutRecipient("Jane", null, null, null, null, null, "63902", null, null,
                "+254712345678", null, null, null, null);
        assertThat(validate(new Line(null, walletNoCcy, tx(WALLET, 1, "10.00", stan())))).hasSize(1);
    }

    @Test
    void givenAPaybillInThePublicShape_itShouldPayTheBusinessNumber_withTheAccountAsReference() {
        var valid = validate(new Line(null, business("400200", "ACC-12"), tx(PAYBILL, 13, "100.00", stan())));

        assertThat(errors).isEmpty();
        assertThat(valid).singleElement().satisfies(v -> {
            assertThat(v.creditAccount()).isEqualTo("400200");
            assertThat(v.accountReference()).isEqualTo("ACC-12");
            assertThat(v.rail()).isEqualTo(Rail.MOBILE_MONEY);
        });
    }

    @Test
    void givenAPaybillInTheFirstShape_theAccountNoShouldBeTheReference() {
        Transaction t = new Transaction(PAYBILL.toString(), 13, new BigDecimal("10.00"), "r", stan(), "INV7");
        var valid = validate(new Line(null, business(null, "400200"), t));

        assertThat(valid).singleElement().satisfies(v -> {
            assertThat(v.creditAccount()).isEqualTo("400200");
            assertThat(v.accountReference()).isEqualTo("INV7");
        });
    }

    @Test
    void givenAPaybillWhoseAccountNoDisagreesWithThePrimaryAccountNumber_itShouldBeRefused() {
        Transaction t = new Transaction(PAYBILL.toString(), 13, new BigDecimal("10.00"), "r", stan(), "OTHER");
        validate(new Line(null, business("400200", "ACC-12"), t));

        assertThat(fields()).containsExactly("paymentOrderLines[0].transaction.accountNo");
    }

    @Test
    void givenABusinessNumberOfTheWrongLength_orNone_itShouldBeRefused() {
        validate(new Line(null, business("4002", null), tx(PAYBILL, 13, "100.00", stan())));
        assertThat(errors).extracting(FieldProblem::message)
                .containsExactly("The institutionIdentifier must be a paybill or till number of 5 to 7 digits.");

        validate(new Line(null, business(null, null), tx(PAYBILL, 13, "100.00", stan())));
        assertThat(fields()).containsExactly("paymentOrderLines[0].recipient.institutionIdentifier");
    }

    @Test
    void givenATillWithAnAccountNumber_itShouldBeRefused_aTillTakesNone() {
        validate(new Line(null, business("5001234", "ACC-1"), tx(TILL, 14, "100.00", stan())));
        assertThat(fields()).containsExactly("paymentOrderLines[0].recipient.primaryAccountNumber");

        assertThat(validate(new Line(null, business("5001234", null), tx(TILL, 14, "100.00", stan())))).hasSize(1);
    }

    @Test
    void givenAPaybillAccountWithCharactersOutsideTheRule_itShouldBeRefused() {
        validate(new Line(null, business("400200", "ACC 12"), tx(PAYBILL, 13, "100.00", stan())));

        assertThat(errors).extracting(FieldProblem::message)
                .containsExactly("The account number at the business must be 1 to 20 letters, digits or dashes.");
    }

    @Test
    void givenOneBadLineAmongGoodOnes_onlyTheGoodShouldBeValid_andTheErrorsNamedByLine() {
        var valid = validate(walletLine(stan()), new Line(null, wallet("+254712345678", "11111"),
                tx(WALLET, 1, "100.00", stan())), walletLine(stan()));

        assertThat(valid).hasSize(2);
        assertThat(fields()).containsExactly("paymentOrderLines[1].recipient.mccmnc");
    }
}
