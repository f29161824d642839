package com.paywire.vocabulary.rules.settlements;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.vocabulary.rules.money.MoneyRules;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.vocabulary.settlements.SettlementInstructions;
import com.paywire.vocabulary.settlements.SettlementSchedule;
import java.math.BigDecimal;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SettlementCutOffsTest {

    static final ZoneId NAIROBI = ZoneId.of("Africa/Nairobi");
    static final LocalTime FOUR_PM = LocalTime.of(16, 0);

    static Optional<Instant> next(String now, SettlementSchedule schedule) {
        return SettlementCutOffs.next(Instant.parse(now), schedule, FOUR_PM, NAIROBI, DayOfWeek.FRIDAY);
    }

    @Test
    void daily_shouldBeTodaysCutOffWhileAhead_elseTomorrows() {
        // 2026-12-02 is a Wednesday; 16:00 in Nairobi is 13:00 UTC
        assertThat(next("2026-12-02T10:00:00Z", SettlementSchedule.DAILY)).contains(Instant.parse("2026-12-02T13:00:00Z"));
        assertThat(next("2026-12-02T13:00:00Z", SettlementSchedule.DAILY)).contains(Instant.parse("2026-12-03T13:00:00Z"));
        assertThat(next("2026-12-02T22:30:00Z", SettlementSchedule.DAILY)).contains(Instant.parse("2026-12-03T13:00:00Z"));
    }

    @Test
    void weekly_shouldBeTheNextConfiguredDay_atTheCutOff() {
        assertThat(next("2026-12-02T10:00:00Z", SettlementSchedule.WEEKLY)).contains(Instant.parse("2026-12-04T13:00:00Z"));
        // on the day, before and after the cut-off
        assertThat(next("2026-12-04T12:59:59Z", SettlementSchedule.WEEKLY)).contains(Instant.parse("2026-12-04T13:00:00Z"));
        assertThat(next("2026-12-04T13:00:00Z", SettlementSchedule.WEEKLY)).contains(Instant.parse("2026-12-11T13:00:00Z"));
    }

    @Test
    void manual_shouldScheduleNothing() {
        assertThat(next("2026-12-02T10:00:00Z", SettlementSchedule.MANUAL)).isEmpty();
    }

    @Test
    void aSettlementsHold_shouldBeOnTheUtilityAccount_amountToTheBankAndFeeToRevenue() {
        Movement settlement = new Movement(Product.SETTLEMENT, "s-1", "c-1", Rail.BANK, new BigDecimal("990.00"),
                new BigDecimal("10.00"));

        assertThat(MoneyRules.settlementHeld(settlement)).containsExactly(
                new Leg(LedgerAccounts.utility("c-1"), LedgerAccounts.railSettlement(Rail.BANK), new BigDecimal("990.00")),
                new Leg(LedgerAccounts.utility("c-1"), LedgerAccounts.FEE_REVENUE, new BigDecimal("10.00")));
        assertThat(settlement.key()).isEqualTo("settlement:s-1");
        assertThat(MoneyRules.settlementHeld(new Movement(Product.SETTLEMENT, "s-2", "c-1", Rail.BANK,
                new BigDecimal("5.00"), BigDecimal.ZERO))).hasSize(1);
    }

    @Test
    void anAccountNumber_shouldShowOnlyItsLastFourDigits() {
        assertThat(SettlementInstructions.mask("1234567890")).isEqualTo("******7890");
        assertThat(SettlementInstructions.mask("123")).isEqualTo("123");
        assertThat(List.of(SettlementSchedule.values()).stream().map(Enum::name))
                .containsExactly("DAILY", "WEEKLY", "MANUAL");
    }
}
