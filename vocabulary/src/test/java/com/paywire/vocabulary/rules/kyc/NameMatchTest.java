package com.paywire.vocabulary.rules.kyc;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.lookups.KycResponseCode;
import org.junit.jupiter.api.Test;

/** The registry's names against the request's, read as a person would read them. */
class NameMatchTest {

    static final PersonNames JOHN = new PersonNames("JOHN", "KAMAU", "MWANGI", null, "1990-05-14");
    static final PersonNames JOSE = new PersonNames("JOSÉ", null, "OCHIENG", null, "1979-01-31");

    @Test
    void givenTheSameNamesInAnotherCase_itShouldVerify() {
        KycVerdict verdict = NameMatch.compare(request("john", "Kamau", "mwangi", null, null), JOHN);

        assertThat(verdict.responseCode()).isEqualTo(KycResponseCode.VERIFIED.code());
        assertThat(verdict.fieldMatches()).containsEntry("firstName", NameMatch.MATCHED)
                .containsEntry("middleName", NameMatch.MATCHED).containsEntry("lastName", NameMatch.MATCHED)
                .containsEntry("otherNames", NameMatch.NOT_PROVIDED).containsEntry("dateOfBirth", NameMatch.NOT_PROVIDED);
    }

    @Test
    void givenNoMiddleName_itShouldVerify_theMiddleNameNotProvided() {
        KycVerdict verdict = NameMatch.compare(request("John", null, "Mwangi", null, "1990-05-14"), JOHN);

        assertThat(verdict.responseCode()).isEqualTo(KycResponseCode.VERIFIED.code());
        assertThat(verdict.fieldMatches()).containsEntry("middleName", NameMatch.NOT_PROVIDED)
                .containsEntry("dateOfBirth", NameMatch.MATCHED);
    }

    @Test
    void givenTheNamesInAnotherOrder_itShouldVerify() {
        assertThat(NameMatch.compare(request("Mwangi", null, "John Kamau", null, null), JOHN).responseCode())
                .isEqualTo(KycResponseCode.VERIFIED.code());
    }

    @Test
    void givenANameWithoutItsAccent_orWithOne_itShouldVerify() {
        assertThat(NameMatch.compare(request("Jose", null, "Ochieng", null, null), JOSE).responseCode())
                .isEqualTo(KycResponseCode.VERIFIED.code());
        assertThat(NameMatch.compare(request("Jóhn", null, "Mwañgi", null, null), JOHN).responseCode())
                .isEqualTo(KycResponseCode.VERIFIED.code());
    }

    @Test
    void givenHyphensAndPunctuation_itShouldReadThemAsSpaces() {
        assertThat(NameMatch.compare(request("John-Kamau", null, "Mwangi.", null, null), JOHN).responseCode())
                .isEqualTo(KycResponseCode.VERIFIED.code());
    }

    @Test
    void givenAnotherPersonsNames_itShouldSayTheIdIsSomeoneElses() {
        KycVerdict verdict = NameMatch.compare(request("Amina", "Wanjiru", "Hassan", null, null), JOHN);

        assertThat(verdict.responseCode()).isEqualTo(KycResponseCode.NAMES_DO_NOT_MATCH.code());
        assertThat(verdict.fieldMatches()).containsEntry("firstName", NameMatch.MISMATCHED)
                .containsEntry("lastName", NameMatch.MISMATCHED);
    }

    @Test
    void givenOneNameWrong_itShouldBeAPartialMatch_namingIt() {
        KycVerdict verdict = NameMatch.compare(request("John", null, "Otieno", null, null), JOHN);

        assertThat(verdict.responseCode()).isEqualTo(KycResponseCode.PARTIAL_MATCH.code());
        assertThat(verdict.responseDesc()).contains("lastName").doesNotContain("firstName");
    }

    @Test
    void givenTheRightNamesAndAnotherBirthday_itShouldBeAPartialMatch() {
        KycVerdict verdict = NameMatch.compare(request("John", null, "Mwangi", null, "1991-05-14T00:00:00Z"), JOHN);

        assertThat(verdict.responseCode()).isEqualTo(KycResponseCode.PARTIAL_MATCH.code());
        assertThat(verdict.fieldMatches()).containsEntry("dateOfBirth", NameMatch.MISMATCHED);
    }

    @Test
    void givenAWordTwiceThatTheRegistryHoldsOnce_itShouldNotCountItTwice() {
        assertThat(NameMatch.compare(request("John John", null, "Mwangi", null, null), JOHN).responseCode())
                .isEqualTo(KycResponseCode.PARTIAL_MATCH.code());
    }

    private static PersonNames request(String first, String middle, String last, String other, String dateOfBirth) {
        return new PersonNames(first, middle, last, other, dateOfBirth);
    }
}
