package com.paywire.api.errors;

import static com.paywire.api.support.JsonAnswers.fields;
import static com.paywire.api.support.JsonAnswers.names;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.testsupport.ErrorShapesProbeController;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

@ApiTest
@Import(ErrorShapesProbeController.class)
class ErrorShapesTest extends ApiTestBase {

    private static final String VALID = """
            {"ShortCode":"174379","kind":"MOBILE","channelType":63902,"originatorConversationId":"oc-1",
             "lines":[{"amount":10.50,"reference":"r1"}]}""";

    @Test
    void givenValidInputInAnyCasing_itShouldBeAccepted() {
        assertThat(post("field-errors", VALID).getStatusCode().value()).isEqualTo(200);

        ResponseEntity<JsonNode> otherCasing = post("field-errors", """
                {"shortcode":"174379","Kind":"mobile","ChannelType":63902,"LINES":[{"Amount":1,"REFERENCE":"r"}]}""");
        assertThat(otherCasing.getStatusCode().value()).isEqualTo(200);
        assertThat(otherCasing.getBody().get("ShortCode").asString()).isEqualTo("174379");
        assertThat(otherCasing.getBody().get("kind").asString()).isEqualTo("MOBILE");
        assertThat(otherCasing.getBody().get("channelType").asInt()).isEqualTo(63902);
    }

    @Test
    void givenMissingRequiredFields_itShouldAnswerTheFieldErrorListNamingEachInTheClientsSpelling() {
        ResponseEntity<JsonNode> response = post("field-errors", """
                {"kind":"BANK","originatorConversationId":"oc-42","lines":[{"amount":-1}]}""");

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        JsonNode body = response.getBody();
        assertFieldErrorListShape(body);
        assertThat(body.get("originatorConversationId").asString()).isEqualTo("oc-42");
        assertThat(fields(body)).containsExactly("ShortCode", "channelType", "lines[0].amount", "lines[0].reference");
        assertThat(body.get("errors").get(0).get("message").asString()).isEqualTo("The ShortCode field is required.");
        assertThat(body.get("errors").get(2).get("message").asString()).contains("greater than 0");
    }

    @Test
    void givenMalformedJson_itShouldAnswer400FieldErrorList_notA500() {
        ResponseEntity<JsonNode> response = post("field-errors", "{\"ShortCode\": \"x\", ");

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertFieldErrorListShape(response.getBody());
        assertThat(fields(response.getBody())).containsExactly("$");
        assertThat(response.getBody().get("errors").get(0).get("message").asString()).startsWith("The request body is not valid JSON");
    }

    @Test
    void givenAnEmptyBody_itShouldAnswer400() {
        ResponseEntity<JsonNode> response = post("field-errors", "");

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(response.getBody())).containsExactly("$");
    }

    @Test
    void givenAWrongType_itShouldNameTheFieldButNeverQuoteTheValue() {
        ResponseEntity<JsonNode> response = post("field-errors", """
                {"ShortCode":"1","kind":"MOBILE","channelType":"sixty","lines":[]}""");

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(response.getBody())).containsExactly("channelType");
        assertThat(response.getBody().get("errors").get(0).get("message").asString())
                .isEqualTo("The value of channelType is not valid: it must be a whole number in range.");
    }

    @Test
    void givenAWrongTypeDeepInAnArray_itShouldGiveThePath() {
        ResponseEntity<JsonNode> response = post("field-errors", """
                {"ShortCode":"1","kind":"MOBILE","channelType":1,"lines":[{"amount":1,"reference":"a"},{"amount":"ten","reference":"b"}]}""");

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(response.getBody())).containsExactly("lines[1].amount");
    }

    @Test
    void givenAnUnknownEnumValue_itShouldListTheAllowedValues() {
        ResponseEntity<JsonNode> response = post("field-errors", """
                {"ShortCode":"1","kind":"CRYPTO","channelType":1,"lines":[]}""");

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(response.getBody())).containsExactly("kind");
        assertThat(response.getBody().get("errors").get(0).get("message").asString())
                .endsWith("it must be one of MOBILE, BANK.").doesNotContain("CRYPTO");
    }

    @Test
    void givenAMissingQueryParameter_itShouldNameItAsRequired() {
        ResponseEntity<JsonNode> response = get("/v1/test-probe/query?IdType=OriginatorConversationId");

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertFieldErrorListShape(response.getBody());
        assertThat(fields(response.getBody())).containsExactly("Id");
        assertThat(response.getBody().get("errors").get(0).get("message").asString()).isEqualTo("The Id field is required.");
    }

    @Test
    void givenAnOperationMarkedForValidationProblems_itShouldAnswerThatShape() {
        ResponseEntity<JsonNode> response = post("validation-problem", "{\"kind\":\"MOBILE\",\"lines\":[]}");

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        JsonNode body = response.getBody();
        assertThat(names(body)).containsExactlyInAnyOrder("errors", "type", "title", "status", "traceId");
        assertThat(body.get("status").asInt()).isEqualTo(400);
        assertThat(body.get("title").asString()).isEqualTo("One or more validation errors occurred.");
        assertThat(body.get("traceId").asString()).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-00");
        assertThat(names(body.get("errors"))).containsExactlyInAnyOrder("ShortCode", "channelType");
        assertThat(body.get("errors").get("ShortCode").get(0).asString()).isEqualTo("The ShortCode field is required.");
    }

    @Test
    void givenAReasonedRefusal_itShouldAnswerTheReasonShape() {
        ResponseEntity<JsonNode> response = get("/v1/test-probe/reason");

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertThat(names(response.getBody())).containsExactlyInAnyOrder("appDomainName", "timestamp", "reason");
        assertThat(response.getBody().get("reason").asString()).isEqualTo("Invalid account number");
        assertThat(response.getBody().get("appDomainName").asString()).isEqualTo("SANDBOX");
    }

    @Test
    void givenOurOwnBug_itShouldAnswer500WithAReferenceAndNoInternals() {
        ResponseEntity<JsonNode> response = get("/v1/test-probe/bug");

        assertThat(response.getStatusCode().value()).isEqualTo(500);
        assertThat(response.getBody().get("reason").asString()).startsWith("An internal error occurred; quote reference")
                .doesNotContain("secret detail");
    }

    @Test
    void givenAnUnknownPathOrMethod_itShouldAnswer404Or405InTheReasonShape() {
        ResponseEntity<JsonNode> unknown = get("/v1/no-such-operation");
        assertThat(unknown.getStatusCode().value()).isEqualTo(404);
        assertThat(unknown.getBody().get("reason").asString()).contains("/v1/no-such-operation");

        ResponseEntity<JsonNode> wrongMethod = http.delete().uri("/v1/transaction-routes/assigned-routes")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
        assertThat(wrongMethod.getStatusCode().value()).isEqualTo(405);
        assertThat(wrongMethod.getBody().has("reason")).isTrue();
    }

    @Test
    void givenAnUnsupportedContentType_itShouldAnswer415() {
        ResponseEntity<JsonNode> response = http.post().uri("/v1/test-probe/field-errors")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.TEXT_PLAIN).body("hello").retrieve().toEntity(JsonNode.class);

        assertThat(response.getStatusCode().value()).isEqualTo(415);
        assertThat(response.getBody().has("reason")).isTrue();
    }

    private static void assertFieldErrorListShape(JsonNode body) {
        assertThat(names(body)).containsExactlyInAnyOrder("appDomainName", "status", "timestamp",
                "systemConversationId", "originatorConversationId", "errors");
        assertThat(body.get("status").asInt()).isEqualTo(400);
        assertThat(body.get("appDomainName").asString()).isEqualTo("SANDBOX");
        assertThat(body.get("systemConversationId").asString()).matches("[0-9a-f-]{36}");
        assertThat(body.get("errors").isArray()).isTrue();
    }

    private ResponseEntity<JsonNode> post(String operation, String json) {
        return http.post().uri("/v1/test-probe/" + operation).header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(json).retrieve().toEntity(JsonNode.class);
    }

    private ResponseEntity<JsonNode> get(String path) {
        return http.get().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .retrieve().toEntity(JsonNode.class);
    }
}
