package com.paywire.api.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.domain.money.LedgerCheck;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * The operators' ledger check (docs/operations.md#the-ledger-check): every rule with its count and first offenders,
 * for the operations scope alone. What it finds is LedgerCheckTest's (activities); here the API's shape and scope.
 */
@ApiTest
class LedgerCheckApiTest extends ApiTestBase {

    @Test
    void givenAnOperator_itShouldAnswerEveryCheckWithItsCount_andOkWhenNoneFindsAnything() {
        ResponseEntity<JsonNode> answer = getJson("/v1/operations/ledger-check", ApiClientHelper.operatorToken(http));

        assertThat(answer.getStatusCode().value()).isEqualTo(200);
        JsonNode body = answer.getBody();
        assertThat(body.get("checkedAt").asString()).isNotBlank();
        List<String> names = new ArrayList<>();
        long violations = 0;
        for (JsonNode check : body.get("checks")) {
            names.add(check.get("name").asString());
            assertThat(check.get("description").asString()).isNotBlank();
            assertThat(check.get("firstIds").isArray()).isTrue();
            assertThat(check.get("firstIds").size()).isLessThanOrEqualTo((int) Math.min(10, check.get("count").asLong()));
            violations += check.get("count").asLong();
        }
        assertThat(names).containsExactlyElementsOf(LedgerCheck.CHECKS);
        assertThat(body.get("ok").asBoolean()).isEqualTo(violations == 0);
    }

    @Test
    void givenAMerchantsToken_itShouldBeRefused403() {
        ResponseEntity<JsonNode> refused = getJson("/v1/operations/ledger-check", token);

        assertThat(refused.getStatusCode().value()).isEqualTo(403);
        assertThat(refused.getBody().get("error").asString()).isEqualTo("insufficient_scope");
    }
}
