package com.paywire.vocabulary.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.Currency;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The shilling's two names, and the cent every amount is kept to. */
class MoneyWordsTest {

    @Test
    void theShillingIsNamedByItsLettersInAnyCase_orByItsNumber_andNothingElse() {
        assertThat(Currencies.KES).isEqualTo("KES");
        assertThat(Currency.getInstance(Currencies.KES).getNumericCode()).isEqualTo(Currencies.KES_NUMBER);
        assertThat(Stream.of("KES", "kes", "Kes", "404")).allMatch(Currencies::namesKes);
        assertThat(Stream.of("USD", "KE", "0404", " KES", "", "840")).noneMatch(Currencies::namesKes);
        assertThat(Currencies.namesKes(null)).isFalse();
    }

    @Test
    void anAmountIsWrittenToTheCent_exactlyWhenItHasNoMore_roundedHalfUpWhenComputed() {
        assertThat(Cents.ZERO).hasToString("0.00");
        assertThat(Cents.exact(new BigDecimal("100"))).hasToString("100.00");
        assertThat(Cents.exact(new BigDecimal("12.5"))).hasToString("12.50");
        assertThatThrownBy(() -> Cents.exact(new BigDecimal("12.505"))).isInstanceOf(ArithmeticException.class);
        assertThat(Cents.rounded(new BigDecimal("12.505"))).hasToString("12.51");
        assertThat(Cents.rounded(new BigDecimal("12.504"))).hasToString("12.50");
        assertThat(Cents.rounded(new BigDecimal("7"))).hasToString("7.00");
        assertThat(Cents.isExact(new BigDecimal("1.0100"))).isTrue();
        assertThat(Cents.isExact(new BigDecimal("150"))).isTrue();
        assertThat(Cents.isExact(new BigDecimal("1.001"))).isFalse();
    }
}
