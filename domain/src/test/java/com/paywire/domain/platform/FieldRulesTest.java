package com.paywire.domain.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.domain.InvalidInputException;
import com.paywire.vocabulary.rules.FieldProblem;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The field-by-field rules every request goes through, with no request around them. */
class FieldRulesTest {

    final FieldRules rules = new FieldRules();

    InvalidInputException refusal() {
        try {
            rules.refuseIfAny("ref-1");
        } catch (InvalidInputException refused) {
            return refused;
        }
        throw new AssertionError("nothing was refused");
    }

    @Test
    void givenTextWithSpaceAround_itShouldBeTrimmed_andPass() {
        assertThat(rules.text("Name", "  Jane  ", true, 4)).isEqualTo("Jane");
        assertThatCode(() -> rules.refuseIfAny("ref-1")).doesNotThrowAnyException();
    }

    @Test
    void givenBlankText_itShouldCountAsAbsent_aProblemOnlyWhenRequired() {
        assertThat(rules.text("Optional", "   ", false, 10)).isNull();
        assertThat(rules.has("Optional")).isFalse();

        assertThat(rules.text("Required", null, true, 10)).isNull();
        assertThat(refusal().problems()).containsExactly(
                new FieldProblem("Required", "The Required field is required."));
    }

    @Test
    void givenTextAtItsMaximumLength_itShouldPass_andOneCharacterMoreBeRefused() {
        rules.text("AtLimit", "abcde", true, 5);
        assertThat(rules.has("AtLimit")).isFalse();

        rules.text("OverLimit", "abcdef", true, 5);
        assertThat(refusal().problems()).extracting(FieldProblem::message)
                .containsExactly("The field OverLimit must be at most 5 characters long.");
    }

    @Test
    void givenAControlCharacterInsideTheText_itShouldBeRefused_withoutQuotingTheValue() {
        rules.text("Notes", "pay\u0000me", false, 50);

        InvalidInputException refused = refusal();
        assertThat(refused.problems()).extracting(FieldProblem::message)
                .containsExactly("The field Notes must not hold control characters.");
        assertThat(refused.problems().getFirst().message()).doesNotContain("pay");
        assertThat(refused.reference()).isEqualTo("ref-1");
    }

    @Test
    void givenGuidsInEitherCase_theyShouldPass_andAnythingElseBeRefused() {
        rules.guid("Lower", "3fa85f64-5717-4562-b3fc-2c963f66afa6", true);
        rules.guid("Upper", "3FA85F64-5717-4562-B3FC-2C963F66AFA6", true);
        assertThat(rules.has("Lower") || rules.has("Upper")).isFalse();

        rules.guid("Short", "3fa85f64-5717-4562-b3fc-2c963f66afa", true);
        rules.guid("NotHex", "3fa85f64-5717-4562-b3fc-2c963f66afag", true);
        assertThat(refusal().problems()).extracting(FieldProblem::field).containsExactly("Short", "NotHex");
    }

    @Test
    void givenATextTooLongForItsFormat_onlyTheLengthShouldBeReported() {
        rules.matching("Code", "123456", true, 5, Pattern.compile("[A-Z]+"), "must be capital letters");

        assertThat(refusal().problems()).extracting(FieldProblem::message)
                .containsExactly("The field Code must be at most 5 characters long.");
    }

    @Test
    void givenATextOutsideItsFormat_theRuleShouldBeNamed() {
        rules.matching("Code", "abc", true, 5, Pattern.compile("[A-Z]+"), "must be capital letters");

        assertThat(refusal().problems()).extracting(FieldProblem::message)
                .containsExactly("The field Code must be capital letters.");
    }

    @Test
    void givenIntegerIds_upToNineDigits_theyShouldMatch() {
        assertThat(FieldRules.INTEGER_ID.matcher("123456789").matches()).isTrue();
        assertThat(FieldRules.INTEGER_ID.matcher("1234567890").matches()).isFalse();
        assertThat(FieldRules.INTEGER_ID.matcher("-1").matches()).isFalse();
    }

    @Test
    void givenABrowserUrlThatIsNoUrl_itShouldBeRefused_butOnlyOnceTheLengthPasses() {
        rules.browserUrl("ReturnUrl", "not a url", true, 100);
        rules.browserUrl("LongUrl", "https://example.com/" + "a".repeat(100), true, 50);
        rules.browserUrl("GoodUrl", "https://example.com/back", true, 100);

        assertThat(refusal().problems()).extracting(FieldProblem::message).containsExactly(
                "The ReturnUrl is not a valid URL.", "The field LongUrl must be at most 50 characters long.");
    }

    @Test
    void givenSeveralProblems_theyShouldBeRefusedAllAtOnce_inTheOrderFound() {
        rules.required("First");
        rules.add("Second", "Something is off.");

        assertThatThrownBy(() -> rules.refuseIfAny(null)).isInstanceOfSatisfying(InvalidInputException.class,
                refused -> assertThat(refused.problems()).extracting(FieldProblem::field)
                        .containsExactly("First", "Second"));
    }
}
