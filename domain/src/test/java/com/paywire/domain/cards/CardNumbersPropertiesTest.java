package com.paywire.domain.cards;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The card-number detector over drawn numbers: a card number is found however it is written among other words and
 * numbers, and the references merchants write (a timestamp and a counter) are not taken for one.
 */
class CardNumbersPropertiesTest {

    /** A Luhn-valid number of 13 to 19 digits that begins as a card network's do. */
    @Provide
    Arbitrary<String> cardNumber() {
        Arbitrary<Integer> issuer = Arbitraries.integers().between(2, 6);
        Arbitrary<String> body = Arbitraries.strings().numeric().ofMinLength(11).ofMaxLength(17);
        return Combinators.combine(issuer, body).as((first, rest) -> withCheckDigit(first + rest));
    }

    @Property
    void aCardNumber_shouldBeFound_whole_inFours_orHyphenated_betweenOtherWordsAndNumbers(
            @ForAll("cardNumber") String number, @ForAll @IntRange(max = 2) int writing,
            @ForAll @IntRange(max = 99) int before) {
        String written = switch (writing) {
            case 0 -> number;
            case 1 -> number.replaceAll("(\\d{4})(?=\\d)", "$1 ");
            default -> number.replaceAll("(\\d{4})(?=\\d)", "$1-");
        };

        assertThat(CardNumbers.containsCardNumber("order " + before + " " + written + " paid"))
                .as(written).isTrue();
    }

    @Property
    void aReferenceOfATimestampAndACounter_shouldNotBeACardNumber(
            @ForAll @IntRange(min = 1_000_000_000, max = 1_999_999_999) int epochSecond,
            @ForAll @IntRange(max = 999_999) int counter) {
        assertThat(CardNumbers.containsCardNumber("proof-" + epochSecond + "-" + counter + ".pdf")).isFalse();
    }

    private static String withCheckDigit(String partial) {
        for (int check = 0; check <= 9; check++) {
            if (CardNumbers.passesLuhn(partial + check)) {
                return partial + check;
            }
        }
        throw new AssertionError("no check digit for " + partial);
    }
}
