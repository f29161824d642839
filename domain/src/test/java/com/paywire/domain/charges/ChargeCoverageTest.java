package com.paywire.domain.charges;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.persistence.charges.Charge;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.routes.RouteStore;
import com.paywire.vocabulary.ledger.TransactionType;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ChargeCoverageTest {

    private static final String WALLET = "transaction type 1 (MOBILE_WALLET)";

    private static Charge band(String min, String max) {
        return new Charge(UUID.randomUUID(), 1, new BigDecimal(min), new BigDecimal(max), new BigDecimal("10.00"),
                "FLAT", 404);
    }

    /** The shipped table's one band of paybill deposits, for stubs whose test is about other types. */
    private static final List<Charge> PAYBILL_BANDS = List.of(new Charge(UUID.randomUUID(),
            TransactionType.PAYBILL_DEPOSIT.code(), new BigDecimal("1.00"), new BigDecimal("250000.00"),
            new BigDecimal("0.55"), "PERCENT", 404));

    /** The stored charge table, as the role reads it. */
    private static ChargeBands table(Charge... bands) {
        return new ChargeBands(() -> List.of(bands));
    }

    private static List<String> problems(Charge... bands) {
        return ChargeCoverage.problems(WALLET, AmountLimit.MOBILE_WALLET_PAYOUT, List.of(bands));
    }

    @Test
    void givenBandsThatFollowOnToTheCent_fromTheMinimumToTheMaximum_thereShouldBeNoProblem() {
        assertThat(problems(band("1000.01", "150000.00"), band("1.00", "1000.00"))).isEmpty();
    }

    @Test
    void givenACentMissingBetweenTwoBands_itShouldNameTheTypeAndTheUncoveredRange() {
        assertThat(problems(band("1.00", "1000.00"), band("1000.02", "150000.00")))
                .containsExactly(WALLET + ": no band covers 1000.01 to 1000.01");
    }

    @Test
    void givenTwoBandsSharingAnAmount_itShouldReportTheOverlap() {
        assertThat(problems(band("1.00", "1000.00"), band("1000.00", "150000.00")))
                .containsExactly(WALLET + ": the bands 1.00-1000.00 and 1000.00-150000.00 overlap");
    }

    @Test
    void givenATableThatEndsBelowTheMaximum_itShouldNameTheAmountsAbove() {
        assertThat(problems(band("1.00", "1000.00"), band("1000.01", "100000.00")))
                .containsExactly(WALLET + ": no band covers 100000.01 to 150000.00");
    }

    @Test
    void givenATableThatStartsAboveTheMinimum_orNoBandsAtAll_itShouldNameTheAmountsBelow() {
        assertThat(problems(band("5.00", "150000.00"))).containsExactly(WALLET + ": no band covers 1.00 to 4.99");
        assertThat(problems()).containsExactly(WALLET + ": no band covers 1.00 to 150000.00");
    }

    @Test
    void givenBandsReachingBeyondTheLimit_onlyTheLimitsAmountsShouldCount() {
        assertThat(problems(band("0.01", "500000.00"))).isEmpty();
    }

    @Test
    void givenAStoredTableWithAGap_theRoleShouldRefuseToStart_checkingOnlyPricedRoutes() {
        RouteStore routes = new RouteStore(null) {
            @Override
            public Map<String, Integer> transactionTypesByCategory() {
                return Map.of("MOBILE_WALLET", 1, "KYC", 6); // identity checks have no fee bands
            }
        };
        ChargeBands charges = table(band("1.00", "1000.00"), band("1000.02", "150000.00"), PAYBILL_BANDS.getFirst());

        assertThatThrownBy(() -> new ChargeCoverage(routes, charges).afterPropertiesSet())
                .isInstanceOfSatisfying(ChargeCoverage.Uncovered.class, refused -> assertThat(refused.problems())
                        .containsExactly(WALLET + ": no band covers 1000.01 to 1000.01"));
    }

    @Test
    void givenACardRouteWithoutBands_theRoleShouldRefuseToStart_forCardCapturesArePricedToo() {
        RouteStore routes = new RouteStore(null) {
            @Override
            public Map<String, Integer> transactionTypesByCategory() {
                return Map.of("CARD", 10);
            }
        };
        ChargeBands charges = table(PAYBILL_BANDS.getFirst());

        assertThat(new ChargeCoverage(routes, charges).problems())
                .containsExactly("transaction type 10 (CARD): no band covers 1.00 to 1000000.00");
    }

    @Test
    void givenNoBandForPaybillDeposits_theRoleShouldRefuseToStart_thoughNoRouteNamesThem() {
        RouteStore routes = new RouteStore(null) {
            @Override
            public Map<String, Integer> transactionTypesByCategory() {
                return Map.of();
            }
        };
        ChargeBands charges = table();

        assertThat(new ChargeCoverage(routes, charges).problems())
                .containsExactly("transaction type 12 (paybill deposits): no band covers 1.00 to 250000.00");
    }

    @Test
    void givenAFlatCardBand_itShouldBeReported_forACardFeeIsChargedInThePaymentsOwnCurrency() {
        Charge flat = new Charge(UUID.randomUUID(), 10, new BigDecimal("1.00"), new BigDecimal("1000000.00"),
                new BigDecimal("30.00"), "FLAT", 404);
        Charge percent = new Charge(UUID.randomUUID(), 10, new BigDecimal("1.00"), new BigDecimal("1000000.00"),
                new BigDecimal("2.50"), "PERCENT", 404);

        assertThat(ChargeCoverage.inEveryCurrency("transaction type 10 (CARD)", List.of(flat))).containsExactly(
                "transaction type 10 (CARD): the band 1.00-1000000.00 is a FLAT fee, but card payments are charged "
                        + "in the currency they are made in: their bands must be PERCENT");
        assertThat(ChargeCoverage.inEveryCurrency("transaction type 10 (CARD)", List.of(percent))).isEmpty();
    }

    @Test
    void givenAGap_theStartUpReportShouldListItAndSayWhatToDo() {
        var analysis = new ChargeCoverageFailureAnalyzer().analyze(new IllegalStateException("wrapped"),
                new ChargeCoverage.Uncovered(List.of(WALLET + ": no band covers 1000.01 to 1000.01")));

        assertThat(analysis.getDescription()).contains("refuses to start").contains(WALLET + ": no band covers 1000.01");
        assertThat(analysis.getAction()).contains("new migration");
    }
}
