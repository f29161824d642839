package com.paywire.api.collections;

import static com.paywire.api.support.JsonAnswers.fields;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Every field rule of an express deposit (docs/interface.md#pay-ins) and its error shape. No worker runs here: accepted deposits stay pending. */
@ApiTest
class ExpressDepositApiTest extends ApiTestBase {

    @Autowired
    ApiClientStore clients;
    @Autowired
    JsonMapper json;

    static Map<String, Object> valid() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("ShortCode", "174379");
        body.put("Amount", "100.00");
        body.put("PhoneNumber", "254712345678");
        body.put("AccountNo", "PWINV-2026-1");
        body.put("TransactionDesc", "Invoice 1");
        body.put("OriginatorConversationId", "dep-" + UUID.randomUUID());
        body.put("CallBackUrl", "https://merchant.example/callback");
        body.put("Type", 0);
        body.put("SuccessRedirectUrl", "https://merchant.example/ok");
        body.put("FailedRedirectUrl", "https://merchant.example/failed");
        body.put("ServiceCode", "SC1");
        body.put("Currency", "KES");
        body.put("FirstName", "Jane");
        body.put("LastName", "Doe");
        body.put("mccmnc", "63902");
        return body;
    }

    @Test
    void givenAValidRequestInPascalOrCamelCase_itShouldBeAccepted() {
        ResponseEntity<JsonNode> pascal = submit(valid());
        assertThat(pascal.getStatusCode().value()).isEqualTo(200);
        JsonNode message = pascal.getBody().get("message");
        assertThat(new ArrayList<>(message.propertyNames())).containsExactly("appDomainName", "remarks",
                "originatorConversationId", "systemConversationId", "timestamp");
        assertThat(message.get("remarks").asString()).isEqualTo("Express Deposit submission accepted");

        Map<String, Object> camel = new LinkedHashMap<>();
        valid().forEach((k, v) -> camel.put(Character.toLowerCase(k.charAt(0)) + k.substring(1), v));
        camel.put("amount", 25); // a number is fine too
        assertThat(submit(camel).getStatusCode().value()).isEqualTo(200);

        String ocid = (String) camel.get("originatorConversationId");
        JsonNode status = http.get().uri("/v1/express-deposit/check-status?OriginatorConversationId=" + ocid)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
        assertThat(status.get("status").asString()).isEqualTo("PENDING");
        assertThat(status.get("resultCode").isNull()).isTrue();
    }

    @Test
    void givenNoShortCode_theErrorShouldNameShortCode_inTheFieldErrorListShape() {
        Map<String, Object> body = valid();
        body.remove("ShortCode");

        ResponseEntity<JsonNode> response = submit(body);

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertThat(new ArrayList<>(response.getBody().propertyNames())).containsExactly("appDomainName", "status",
                "timestamp", "systemConversationId", "originatorConversationId", "errors");
        assertThat(response.getBody().get("originatorConversationId").asString()).isEqualTo(body.get("OriginatorConversationId"));
        assertThat(fields(response)).containsExactly("ShortCode");
    }

    @Test
    void givenAReusedOriginatorConversationId_theErrorShouldNameItAsADuplicate() {
        Map<String, Object> body = valid();
        assertThat(submit(body).getStatusCode().value()).isEqualTo(200);

        ResponseEntity<JsonNode> again = submit(body);

        assertThat(again.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(again)).containsExactly("OriginatorConversationId");
        assertThat(again.getBody().get("errors").get(0).get("message").asString()).contains("duplicate");
    }

    static Stream<Arguments> tooLong() {
        return Stream.of(
                Arguments.of("ShortCode", "12345678"),
                Arguments.of("Amount", "123456.00"),
                Arguments.of("PhoneNumber", "+2547123456789"),
                Arguments.of("TransactionDesc", "x".repeat(101)),
                Arguments.of("OriginatorConversationId", "x".repeat(101)),
                Arguments.of("CallBackUrl", "https://merchant.example/" + "x".repeat(232)),
                Arguments.of("SuccessRedirectUrl", "https://merchant.example/" + "x".repeat(232)),
                Arguments.of("FailedRedirectUrl", "https://merchant.example/" + "x".repeat(232)),
                Arguments.of("ServiceCode", "1234567"),
                Arguments.of("Currency", "KESKESK"),
                Arguments.of("FirstName", "x".repeat(129)),
                Arguments.of("LastName", "x".repeat(129)));
    }

    @ParameterizedTest(name = "{0} longer than the interface allows")
    @MethodSource("tooLong")
    void givenAFieldOverItsMaximumLength_theErrorShouldNameIt(String field, String value) {
        Map<String, Object> body = valid();
        body.put(field, value);

        ResponseEntity<JsonNode> response = submit(body);

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(response)).contains(field);
    }

    static Stream<Arguments> brokenRules() {
        return Stream.of(
                Arguments.of("ShortCode", "600000"),           // not issued to this client
                Arguments.of("Amount", "abc"),
                Arguments.of("Amount", "-5"),
                Arguments.of("Amount", "1.234"),
                Arguments.of("PhoneNumber", "0812345678"),     // no Kenyan mobile number in any form
                Arguments.of("PhoneNumber", "254612345678"),   // not a mobile range
                Arguments.of("AccountNo", "XXINV-1"),          // another prefix
                Arguments.of("AccountNo", "PW1234567890123"),  // suffix longer than 12
                Arguments.of("AccountNo", "PW"),               // no suffix
                Arguments.of("CallBackUrl", "not a url"),
                Arguments.of("SuccessRedirectUrl", "ftp://x"),
                Arguments.of("Type", 1000),
                Arguments.of("Currency", "USD"),
                Arguments.of("mccmnc", "99999"));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("brokenRules")
    void givenAFieldBreakingItsRule_theErrorShouldNameIt(String field, Object value) {
        Map<String, Object> body = valid();
        body.put(field, value);

        ResponseEntity<JsonNode> response = submit(body);

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(response)).containsExactly(field);
    }

    @Test
    void givenCheckStatusWithoutTheIdOrForAnotherClientsDeposit_itShouldAnswer400Or404() {
        ResponseEntity<JsonNode> missing = http.get().uri("/v1/express-deposit/check-status")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
        assertThat(missing.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(missing)).containsExactly("OriginatorConversationId");

        Map<String, Object> body = valid();
        submit(body);
        clients.registerWithAllRoutes(new ApiClient("deposit-snoop", "Snoop", ClientSecretHasher.hash("snoop-secret"),
                Set.of("collections")));
        String other = ApiClientHelper.token(http, "deposit-snoop", "snoop-secret");
        assertThat(http.get().uri("/v1/express-deposit/check-status?OriginatorConversationId=" + body.get("OriginatorConversationId"))
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + other).retrieve().toBodilessEntity()
                .getStatusCode().value()).isEqualTo(404);
        // nor may it collect on a short code that is not its own
        assertThat(fields(submit(valid(), other))).containsExactly("ShortCode");
    }

    private ResponseEntity<JsonNode> submit(Map<String, Object> body) {
        return submit(body, token);
    }

    private ResponseEntity<JsonNode> submit(Map<String, Object> body, String bearer) {
        return http.post().uri("/v1/express-deposit").header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer)
                .contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(body))
                .retrieve().toEntity(JsonNode.class);
    }
}
