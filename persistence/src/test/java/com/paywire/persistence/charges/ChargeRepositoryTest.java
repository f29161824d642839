package com.paywire.persistence.charges;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.persistence.InvariantViolationException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ChargeRepositoryTest {

    /** The mobile wallet's shipped bands, 1.00 to 150,000.00. */
    private static final List<Charge> BANDS = List.of(
            new Charge(UUID.randomUUID(), 1, new BigDecimal("1.00"), new BigDecimal("1000.00"),
                    new BigDecimal("10.00"), "FLAT", 404),
            new Charge(UUID.randomUUID(), 1, new BigDecimal("1000.01"), new BigDecimal("150000.00"),
                    new BigDecimal("25.00"), "FLAT", 404));

    /** The lookup the database answers, over {@link #BANDS}. */
    private final ChargeRepository charges = new ChargeRepository() {
        @Override
        public List<Charge> findByTransactionTypeId(int transactionTypeId) {
            return BANDS.stream().filter(c -> c.transactionTypeId() == transactionTypeId).toList();
        }

        @Override
        public Optional<Charge> findBandCovering(int transactionTypeId, BigDecimal amount) {
            return findByTransactionTypeId(transactionTypeId).stream()
                    .filter(c -> c.minAmount().compareTo(amount) <= 0 && c.maxAmount().compareTo(amount) >= 0)
                    .findFirst();
        }
    };

    @Test
    void givenAnAmountABandCovers_theFeeShouldBeThatBands() {
        assertThat(charges.feeFor(1, new BigDecimal("1000.01"))).isEqualByComparingTo("25.00");
    }

    @Test
    void givenAnAmountNoBandCovers_itShouldBeABrokenInvariant_notAFreePayment() {
        assertThatThrownBy(() -> charges.feeFor(1, new BigDecimal("150000.01")))
                .isInstanceOf(InvariantViolationException.class)
                .hasMessageContaining("transaction type 1");
        assertThatThrownBy(() -> charges.feeFor(7, new BigDecimal("100.00")))
                .isInstanceOf(InvariantViolationException.class);
    }
}
