package com.paywire.persistence.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule of a receivable's recovery, without a database. */
class ReceivableRecoveryTest {

    @Test
    void aCreditPaysBackTheSmallestOfTheDebtTheCreditAndWhatTheAccountHasAvailable() {
        assertThat(ReceivableRecovery.recovered(amount("-30.00"), amount("20.00"), amount("20.00")))
                .isEqualByComparingTo("20.00");
        assertThat(ReceivableRecovery.recovered(amount("-10.00"), amount("50.00"), amount("90.00")))
                .isEqualByComparingTo("10.00");
        assertThat(ReceivableRecovery.recovered(amount("-30.00"), amount("20.00"), amount("5.00")))
                .isEqualByComparingTo("5.00");
        assertThat(ReceivableRecovery.recovered(amount("0.00"), amount("20.00"), amount("20.00"))).isZero();
        assertThat(ReceivableRecovery.recovered(amount("12.00"), amount("20.00"), amount("20.00")))
                .as("a receivable above zero owes nothing").isZero();
    }

    @Test
    void whatWasPaidBackSettlesTheOldestDebtsFirst() {
        List<ReceivableRecovery.Entry> entries = List.of(entry("p1:late:amount", "-25.00"), entry("p1:late:fee", "-5.00"),
                entry("d1:recovery:p1:late:amount", "20.00"), entry("p2:late:amount", "-40.00"));

        List<ReceivableRecovery.Debt> debts = ReceivableRecovery.outstanding(entries);

        assertThat(debts).containsExactly(new ReceivableRecovery.Debt("p1:late:amount", amount("5.00")),
                new ReceivableRecovery.Debt("p1:late:fee", amount("5.00")),
                new ReceivableRecovery.Debt("p2:late:amount", amount("40.00")));
        assertThat(ReceivableRecovery.allocate(debts, amount("12.00"))).containsExactly(
                new ReceivableRecovery.Piece("p1:late:amount", amount("5.00")),
                new ReceivableRecovery.Piece("p1:late:fee", amount("5.00")),
                new ReceivableRecovery.Piece("p2:late:amount", amount("2.00")));
        assertThat(ReceivableRecovery.key("d2", new ReceivableRecovery.Piece("p1:late:fee", amount("5.00"))))
                .isEqualTo("d2:recovery:p1:late:fee");
    }

    @Test
    void whatNoDebtNamesIsALastPieceOfItsOwn() {
        assertThat(ReceivableRecovery.allocate(List.of(new ReceivableRecovery.Debt("p1", amount("3.00"))), amount("4.00")))
                .containsExactly(new ReceivableRecovery.Piece("p1", amount("3.00")),
                        new ReceivableRecovery.Piece(null, amount("1.00")));
        assertThat(ReceivableRecovery.key("d3", new ReceivableRecovery.Piece(null, amount("1.00"))))
                .isEqualTo("d3:recovery");
    }

    private static ReceivableRecovery.Entry entry(String key, String amount) {
        return new ReceivableRecovery.Entry(key, amount(amount));
    }

    private static BigDecimal amount(String value) {
        return new BigDecimal(value);
    }
}
