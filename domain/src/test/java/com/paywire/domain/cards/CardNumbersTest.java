package com.paywire.domain.cards;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Free text is refused when it holds what looks like a card number: 13 to 19 digits, spaced or not, Luhn-valid. */
class CardNumbersTest {

    @Test
    void aLuhnValidRunOf13To19Digits_shouldBeACardNumber_howeverItIsSpaced() {
        assertThat(CardNumbers.containsCardNumber("paid with 4111111111111111 yesterday")).isTrue();
        assertThat(CardNumbers.containsCardNumber("card 4111 1111 1111 1111")).isTrue();
        assertThat(CardNumbers.containsCardNumber("card 4000-0000-0000-0259.")).isTrue();
        assertThat(CardNumbers.containsCardNumber("4222222222222")).as("13 digits").isTrue();
    }

    @Test
    void otherNumbers_shouldNotBe() {
        assertThat(CardNumbers.containsCardNumber("card 4111 1111 1111 1112")).as("not Luhn-valid").isFalse();
        assertThat(CardNumbers.containsCardNumber("ending 1111, order 2026-11-20")).isFalse();
        assertThat(CardNumbers.containsCardNumber("phone +254712345678")).as("12 digits").isFalse();
        assertThat(CardNumbers.containsCardNumber("41111111111111111111")).as("20 digits").isFalse();
        assertThat(CardNumbers.containsCardNumber(null)).isFalse();
    }
}
