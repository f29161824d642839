package com.paywire.vocabulary.funding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A typo in a funding reference must name no client: every single-character change (to any digit or capital
 * letter) and every swap of two adjacent different characters of a valid reference is refused by the check digit or
 * the reference's form, for many references.
 */
class FundingReferenceTest {

    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

    @Test
    void givenAReference_itShouldBeThePrefixAndEightDigits_whoseCheckDigitHolds() {
        String reference = FundingReference.of(1234567);
        assertThat(reference).startsWith("PW1234567").hasSize(10);
        assertThat(FundingReference.isValid(reference)).isTrue();
        // Damm's own worked example: 572 has check digit 4
        assertThat(FundingReference.checkDigit("572")).isEqualTo(4);
        assertThat(FundingReference.isValid("PW0000000" + 0)).isTrue();
    }

    @Test
    void givenAnySingleCharacterChanged_theReferenceShouldBeRefused() {
        for (int payload = 0; payload < 10_000_000; payload += 9_973) {
            String reference = FundingReference.of(payload);
            for (String typo : singleChanges(reference)) {
                assertThat(FundingReference.isValid(typo)).as("%s typed %s", reference, typo).isFalse();
                assertThat(FundingReference.find("Top-up " + typo)).as("%s typed %s", reference, typo)
                        .isNotInstanceOf(FundingReference.Valid.class);
            }
        }
    }

    @Test
    void givenAnyTwoAdjacentCharactersSwapped_theReferenceShouldBeRefused() {
        for (int payload = 0; payload < 10_000_000; payload += 997) {
            String reference = FundingReference.of(payload);
            for (int i = 0; i + 1 < reference.length(); i++) {
                if (reference.charAt(i) == reference.charAt(i + 1)) {
                    continue; // the same text: no typo
                }
                char[] swapped = reference.toCharArray();
                swapped[i] = reference.charAt(i + 1);
                swapped[i + 1] = reference.charAt(i);
                String typo = new String(swapped);
                assertThat(FundingReference.isValid(typo)).as("%s typed %s", reference, typo).isFalse();
                assertThat(FundingReference.find(typo)).isNotInstanceOf(FundingReference.Valid.class);
            }
        }
    }

    @Test
    void givenARemittanceText_itShouldFindTheReferenceInIt_inEitherCase_andSayWhyItFindsNone() {
        String reference = FundingReference.of(4242424);
        assertThat(FundingReference.find("INV 77 / " + reference.toLowerCase() + " thanks"))
                .isEqualTo(new FundingReference.Valid(reference));
        String badDigit = reference.substring(0, 9) + ((reference.charAt(9) - '0' + 1) % 10);
        assertThat(FundingReference.find("top up " + badDigit)).isInstanceOf(FundingReference.BadCheckDigit.class);
        assertThat(FundingReference.find("top up " + badDigit + " " + reference))
                .isEqualTo(new FundingReference.Valid(reference));
        assertThat(FundingReference.find(reference + " " + FundingReference.of(1)))
                .isInstanceOf(FundingReference.Ambiguous.class);
        assertThat(FundingReference.find("X" + reference)).isInstanceOf(FundingReference.None.class);
        assertThat(FundingReference.find(reference + "1")).isInstanceOf(FundingReference.None.class);
        assertThat(FundingReference.find(null)).isInstanceOf(FundingReference.None.class);
        assertThat(FundingReference.find(null).refusal()).isPresent();
    }

    private static List<String> singleChanges(String reference) {
        List<String> typos = new ArrayList<>();
        for (int i = 0; i < reference.length(); i++) {
            for (char c : ALPHABET.toCharArray()) {
                if (c != reference.charAt(i)) {
                    typos.add(reference.substring(0, i) + c + reference.substring(i + 1));
                }
            }
        }
        return typos;
    }
}
