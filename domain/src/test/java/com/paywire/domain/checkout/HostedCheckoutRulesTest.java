package com.paywire.domain.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.domain.InvalidInputException;
import com.paywire.vocabulary.networks.MobileNumbers;
import com.paywire.vocabulary.rules.FieldProblem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The payer-side rules: the return hash (against a vector computed outside Java, by Python's hmac), phones, billing details. */
class HostedCheckoutRulesTest {

    static final String SECRET = "sandbox-callback-secret";

    static Map<String, String> form() {
        Map<String, String> form = new LinkedHashMap<>(); // not in name order: the hash sorts
        form.put("status", "4");
        form.put("checkoutId", "7f1c2a9e-0d4b-4c8e-9a51-3e2f6b8d1c00");
        form.put("thirdPartyReference", "");
        form.put("resultCode", "000");
        form.put("checkoutTotalAmount", "1200.00");
        return form;
    }

    @Test
    void givenAForm_theHashShouldBeTheHmacOfItsSortedFields_asAnotherLanguageComputesIt() {
        assertThat(CheckoutReturnHash.canonical(form())).isEqualTo("checkoutId=7f1c2a9e-0d4b-4c8e-9a51-3e2f6b8d1c00"
                + "&checkoutTotalAmount=1200.00&resultCode=000&status=4&thirdPartyReference=");
        assertThat(CheckoutReturnHash.sign(form(), SECRET))
                .isEqualTo("4ab21fb33d4ff4c06d95d2e51c3fcb860840fa348c0c8a2721e9cdd989d59b8e");
    }

    @Test
    void givenAChangedFieldOrAnotherSecret_theHashShouldNotVerify() {
        String hash = CheckoutReturnHash.sign(form(), SECRET);
        Map<String, String> changed = form();
        changed.put("checkoutTotalAmount", "1.00");

        assertThat(CheckoutReturnHash.verify(form(), SECRET, hash)).isTrue();
        assertThat(CheckoutReturnHash.verify(changed, SECRET, hash)).isFalse();
        assertThat(CheckoutReturnHash.verify(form(), "another-secret", hash)).isFalse();
        assertThat(CheckoutReturnHash.verify(form(), SECRET, null)).isFalse();
    }

    @Test
    void givenAReturnUrl_theHashShouldJoinItsQuery_beforeAnyFragment() {
        assertThat(HostedCheckout.withHash("https://shop.example/return", "ab")).isEqualTo("https://shop.example/return?hash=ab");
        assertThat(HostedCheckout.withHash("https://shop.example/r?o=1", "ab")).isEqualTo("https://shop.example/r?o=1&hash=ab");
        assertThat(HostedCheckout.withHash("https://shop.example/r?#done", "ab")).isEqualTo("https://shop.example/r?hash=ab#done");
    }

    @Test
    void givenKenyanMobileNumbersAsPeopleWriteThem_theyShouldAllReadAsOne() {
        for (String typed : new String[] {"0712 345 678", "712345678", "+254 712-345-678", "254712345678", "(0712) 345678"}) {
            assertThat(MobileNumbers.kenyan(typed)).as(typed).contains("254712345678");
        }
        assertThat(MobileNumbers.kenyan("0112345678")).contains("254112345678");
        for (String wrong : new String[] {"0612345678", "+255712345678", "07123456789", "", "call me"}) {
            assertThat(MobileNumbers.kenyan(wrong)).as(wrong).isEmpty();
        }
    }

    @Test
    void givenBillingDetails_eachRuleShouldNameItsField() {
        BillTo jane = new BillTo(" Jane ", "Doe", null, " ", null, "00100", "ke", "jane@example.com", "+254 712 345678");
        assertThat(jane.validated(true)).isEqualTo(new BillTo("Jane", "Doe", null, null, null, "00100", "KE",
                "jane@example.com", "+254 712 345678"));

        assertThat(problems(new BillTo(null, "Doe", null, null, null, null, "KE", null, null))).containsExactly("billToFirstName");
        assertThat(problems(new BillTo("Jane", "Doe", null, null, null, null, null, null, null))).containsExactly("billToCountry");
        assertThat(problems(new BillTo("Jane", "Doe", null, null, null, null, "XX", null, null))).containsExactly("billToCountry");
        assertThat(problems(new BillTo("Jane", "Doe", "x".repeat(101), null, null, null, "KE", null, null)))
                .containsExactly("billToAddress1");
        assertThat(problems(new BillTo("Jane", "Doe", null, null, null, "00_100", "KE", null, null)))
                .containsExactly("billToPostalCode");
        assertThat(problems(new BillTo("Jane", "Doe", null, null, null, null, "KE", "jane", null))).containsExactly("billToEmail");
        assertThat(problems(new BillTo("Jane", "Doe", null, null, null, null, "KE", null, "phone"))).containsExactly("billToPhoneNumber");
        assertThat(problems(new BillTo("Ja\u0007ne", "Doe", null, null, null, null, "KE", null, null))).containsExactly("billToFirstName");
    }

    private static List<String> problems(BillTo billTo) {
        try {
            billTo.validated(true);
        } catch (InvalidInputException refused) {
            return refused.problems().stream().map(FieldProblem::field).toList();
        }
        throw new AssertionError("not refused: " + billTo);
    }
}
