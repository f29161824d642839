package com.paywire.domain.cards;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Free text is refused when it holds what looks like a card number: whole groups of a run of digits making 13 to 19,
 * starting as a card network's do (2 to 6), Luhn-valid.
 */
class CardNumbersTest {

    @Test
    void aLuhnValidRunOf13To19Digits_shouldBeACardNumber_howeverItIsSpaced() {
        assertThat(CardNumbers.containsCardNumber("paid with 4111111111111111 yesterday")).isTrue();
        assertThat(CardNumbers.containsCardNumber("card 4111 1111 1111 1111")).isTrue();
        assertThat(CardNumbers.containsCardNumber("card 4000-0000-0000-0259.")).isTrue();
        assertThat(CardNumbers.containsCardNumber("4222222222222")).as("13 digits").isTrue();
        assertThat(CardNumbers.containsCardNumber("amex 3782 822463 10005")).isTrue();
        assertThat(CardNumbers.containsCardNumber("mastercard 2223003122003222")).as("2-series").isTrue();
        assertThat(CardNumbers.containsCardNumber("qty 2 4111 1111 1111 1111")).as("after another number").isTrue();
        assertThat(CardNumbers.containsCardNumber("4111 1111 1111 1111 9")).as("before another number").isTrue();
    }

    @Test
    void otherNumbers_shouldNotBe() {
        assertThat(CardNumbers.containsCardNumber("card 4111 1111 1111 1112")).as("not Luhn-valid").isFalse();
        assertThat(CardNumbers.containsCardNumber("ending 1111, order 2026-11-20")).isFalse();
        assertThat(CardNumbers.containsCardNumber("phone +254712345678")).as("12 digits").isFalse();
        assertThat(CardNumbers.containsCardNumber("41111111111111111111")).as("20 digits").isFalse();
        assertThat(CardNumbers.containsCardNumber("0000000000000")).as("Luhn-valid, no network's").isFalse();
        assertThat(CardNumbers.containsCardNumber("proof-1796228633-12340.pdf"))
                .as("a reference of a timestamp and a number, Luhn-valid: no network begins with 1").isFalse();
        assertThat(CardNumbers.containsCardNumber("411111111111111119")).as("18 digits, not Luhn-valid").isFalse();
        assertThat(CardNumbers.containsCardNumber(null)).isFalse();
    }
}
