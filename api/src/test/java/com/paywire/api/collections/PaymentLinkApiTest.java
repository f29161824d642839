package com.paywire.api.collections;

import static com.paywire.api.support.JsonAnswers.fields;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.api.support.PayerPhones;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.LinkedMultiValueMap;
import tools.jackson.databind.JsonNode;

/** Payment links over the API, and their hosted page as HTML (the browser test drives it for real). */
@ApiTest
class PaymentLinkApiTest extends ApiTestBase {

    @Autowired
    ApiClientStore clients;
    @Autowired
    JdbcClient jdbc;

    @Test
    void givenALink_itShouldBeCreatedFoundUpdatedAndDisabled_andItsPageFollow() {
        JsonNode link = create("""
                {"shortCode":"174379","firstName":"Acme","lastName":"Shop","emailAddress":"pay@acme.test",
                 "phoneNumber":"254700000000","accountReference":"ORDER-42","paymentType":"GOODS",
                 "description":"Order 42","isAmountSpecified":true,"amount":250,"currency":"KES",
                 "redirectionSite":"https://acme.test/thanks"}""").getBody();
        assertThat(new ArrayList<>(link.propertyNames())).containsExactly("id", "shortCode", "firstName", "lastName",
                "emailAddress", "phoneNumber", "accountReference", "paymentType", "description", "isAmountSpecified",
                "amount", "currency", "redirectionSite", "url", "status", "createdDate", "payments");
        String id = link.get("id").asString();
        assertThat(link.get("url").asString()).endsWith("/pay/" + id);
        assertThat(link.get("status").asString()).isEqualTo("ACTIVE");

        JsonNode found = get("/v1/payment-link/get-payment-link?Id=" + id).getBody();
        assertThat(found.get("description").asString()).isEqualTo("Order 42");
        assertThat(found.get("payments")).isEmpty();

        ResponseEntity<String> page = http.get().uri("/pay/" + id).retrieve().toEntity(String.class);
        assertThat(page.getStatusCode().value()).isEqualTo(200);
        assertThat(page.getHeaders().getContentType().toString()).startsWith("text/html");
        assertThat(page.getHeaders().getFirst("Content-Security-Policy")).contains("default-src 'none'");
        assertThat(page.getBody()).contains("Order 42").contains("KES 250.00").contains("Acme Shop")
                .contains("<label for=\"phoneNumber\"").doesNotContain("<script");

        JsonNode updated = put("{\"id\":\"" + id + "\",\"description\":\"Order 42 (updated)\"}").getBody();
        assertThat(updated.get("description").asString()).isEqualTo("Order 42 (updated)");
        assertThat(updated.get("amount").decimalValue()).isEqualByComparingTo("250");

        assertThat(put("{\"id\":\"" + id + "\",\"status\":\"DISABLED\"}").getBody().get("status").asString())
                .isEqualTo("DISABLED");
        assertThat(http.get().uri("/pay/" + id).retrieve().toEntity(String.class).getStatusCode().value()).isEqualTo(410);
    }

    @Test
    void givenAPayerOnThePage_aValidPhoneShouldStartAPayment_andAnInvalidOneBeExplained() {
        String id = create("""
                {"shortCode":"174379","description":"Donation <script>alert(1)</script>","isAmountSpecified":false,
                 "currency":"KES"}""").getBody().get("id").asString();
        String page = http.get().uri("/pay/" + id).retrieve().body(String.class);
        assertThat(page).contains("Donation &lt;script&gt;").doesNotContain("<script>").contains("name=\"amount\"");

        ResponseEntity<String> badPhone = form(id, "12345", "100");
        assertThat(badPhone.getStatusCode().value()).isEqualTo(400);
        assertThat(badPhone.getBody()).contains("role=\"alert\"").contains("Kenyan mobile number");

        ResponseEntity<String> badAmount = form(id, "0712345678", "lots");
        assertThat(badAmount.getStatusCode().value()).isEqualTo(400);
        assertThat(badAmount.getBody()).contains("Enter an amount in KES from 1.00 to 250,000.00");

        ResponseEntity<String> started = form(id, "0712 345 678", "100");
        assertThat(started.getStatusCode().value()).isEqualTo(303);
        String progress = started.getHeaders().getLocation().toString();
        assertThat(progress).startsWith("/pay/" + id + "/deposits/");
        String pending = http.get().uri(progress).retrieve().body(String.class);
        assertThat(pending).contains("Check your phone").contains("http-equiv=\"refresh\"").contains("254712345678");

        JsonNode payments = get("/v1/payment-link/get-payment-link?Id=" + id).getBody().get("payments");
        assertThat(payments).hasSize(1);
        assertThat(payments.get(0).get("phoneNumber").asString()).isEqualTo("254712345678");
        assertThat(payments.get(0).get("amount").decimalValue()).isEqualByComparingTo("100");
        assertThat(payments.get(0).get("status").asString()).isEqualTo("PENDING");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"+254%s", "254%s", "0%s"})
    void givenAPayerNumberInAnyOfTheThreeForms_thePaymentShouldStart_promptingItAs254(String form) {
        String nine = PayerPhones.fresh().substring(1); // numbers of its own: the caps count per number
        ResponseEntity<String> started = form(createLink(), form.formatted(nine), "");

        assertThat(started.getStatusCode().value()).as("%s", started.getBody()).isEqualTo(303);
        String progress = started.getHeaders().getLocation().toString();
        assertThat(jdbc.sql("select phone_number from express_deposits where id = ?::uuid")
                .param(progress.substring(progress.lastIndexOf('/') + 1)).query(String.class).single())
                .isEqualTo("254" + nine);
    }

    @Test
    void givenAPhonePromptedAsOftenAsAnHourAllows_theNextPaymentShouldBeRefusedInASentence_onEveryLink() {
        String phone = PayerPhones.fresh();
        String id = createLink();
        for (int i = 0; i < 5; i++) {
            assertThat(form(id, phone, "").getStatusCode().value()).as("prompt %s", i + 1).isEqualTo(303);
        }

        ResponseEntity<String> refused = form(id, phone, "");

        assertThat(refused.getStatusCode().value()).isEqualTo(429);
        assertThat(refused.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).matches("[1-9][0-9]*");
        assertThat(refused.getBody()).contains("role=\"alert\"")
                .contains("This phone number has had too many payment prompts recently. Please try again in")
                .doesNotContain("Exception").doesNotContain("com.paywire");
        assertThat(get("/v1/payment-link/get-payment-link?Id=" + id).getBody().get("payments")).hasSize(5);
        assertThat(form(createLink(), phone, "").getStatusCode().value()).as("another link, the same phone")
                .isEqualTo(429);

        clock.advance(Duration.ofHours(1));
        assertThat(form(id, phone, "").getStatusCode().value()).as("an hour later").isEqualTo(303);
    }

    @Test
    void givenAPhonePromptedAsOftenAsADayAllows_itShouldWaitUntilTheOldestPromptIsADayOld() {
        String phone = PayerPhones.fresh();
        String id = createLink();
        for (int hour = 0; hour < 2; hour++) {
            for (int i = 0; i < 5; i++) {
                assertThat(form(id, phone, "").getStatusCode().value()).isEqualTo(303);
            }
            clock.advance(Duration.ofHours(1).plusMinutes(1));
        }

        ResponseEntity<String> refused = form(id, phone, "");

        assertThat(refused.getStatusCode().value()).isEqualTo(429);
        assertThat(refused.getBody()).contains("Please try again in about 22 hours.");
        assertThat(Long.parseLong(refused.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)))
                .isBetween(Duration.ofHours(21).toSeconds(), Duration.ofHours(22).toSeconds());
        clock.advance(Duration.ofHours(22));
        assertThat(form(id, phone, "").getStatusCode().value()).isEqualTo(303);
    }

    @Test
    void givenManyPaymentsForOnePhoneAtOnce_noMoreThanTheHourlyCapShouldBeStarted() throws Exception {
        String phone = PayerPhones.fresh();
        String id = createLink();
        int payers = 12;
        ExecutorService pool = Executors.newFixedThreadPool(payers);
        CyclicBarrier together = new CyclicBarrier(payers);
        List<Future<Integer>> answers = new ArrayList<>();
        for (int i = 0; i < payers; i++) {
            answers.add(pool.submit(() -> {
                together.await();
                return form(id, phone, "").getStatusCode().value();
            }));
        }
        List<Integer> statuses = new ArrayList<>();
        for (Future<Integer> answer : answers) {
            statuses.add(answer.get());
        }
        pool.shutdown();

        assertThat(statuses).filteredOn(status -> status == 303).hasSize(5);
        assertThat(statuses).filteredOn(status -> status == 429).hasSize(payers - 5);
        assertThat(get("/v1/payment-link/get-payment-link?Id=" + id).getBody().get("payments")).hasSize(5);
    }

    @Test
    void givenInvalidLinks_theErrorsShouldNameTheFields() {
        assertThat(fields(create("{\"shortCode\":\"174379\",\"description\":\"x\",\"isAmountSpecified\":true,\"currency\":\"KES\"}")))
                .containsExactly("amount");
        assertThat(fields(create("{\"shortCode\":\"999999\",\"description\":\"x\",\"isAmountSpecified\":false}")))
                .containsExactly("shortCode");
        assertThat(fields(create("{\"shortCode\":\"174379\",\"isAmountSpecified\":false}")))
                .containsExactly("description");
        assertThat(fields(create("{\"shortCode\":\"174379\",\"description\":\"x\",\"isAmountSpecified\":false,"
                + "\"redirectionSite\":\"javascript:alert(1)\",\"emailAddress\":\"nope\"}")))
                .containsExactly("emailAddress");
        assertThat(fields(create("{\"shortCode\":\"174379\",\"description\":\"x\",\"isAmountSpecified\":false,"
                + "\"redirectionSite\":\"javascript:alert(1)\"}"))).containsExactly("redirectionSite");
    }

    @Test
    void givenAnotherClientsLink_itShouldLookUnknown() {
        String id = create("{\"shortCode\":\"174379\",\"description\":\"Mine\",\"isAmountSpecified\":false}")
                .getBody().get("id").asString();
        clients.registerWithAllRoutes(new ApiClient("link-snoop", "Snoop", ClientSecretHasher.hash("snoop-secret"),
                Set.of("collections")));
        String other = ApiClientHelper.token(http, "link-snoop", "snoop-secret");

        ResponseEntity<String> snooped = http.get().uri("/v1/payment-link/get-payment-link?Id=" + id)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + other).retrieve().toEntity(String.class);
        assertThat(snooped.getStatusCode().value()).isEqualTo(404);
        assertThat(snooped.getBody()).doesNotContain(id);
        assertThat(http.put().uri("/v1/payment-link/update-payment-link").header(HttpHeaders.AUTHORIZATION, "Bearer " + other)
                .contentType(MediaType.APPLICATION_JSON).body("{\"id\":\"" + id + "\",\"status\":\"DISABLED\"}")
                .retrieve().toBodilessEntity().getStatusCode().value()).isEqualTo(404);
    }

    private ResponseEntity<JsonNode> create(String body) {
        return http.post().uri("/v1/payment-link/create-payment-link").header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }

    private ResponseEntity<JsonNode> put(String body) {
        return http.put().uri("/v1/payment-link/update-payment-link").header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }

    private ResponseEntity<JsonNode> get(String path) {
        return http.get().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
    }

    private String createLink() {
        return create("{\"shortCode\":\"174379\",\"description\":\"Order 9\",\"isAmountSpecified\":true,\"amount\":90}")
                .getBody().get("id").asString();
    }

    private ResponseEntity<String> form(String linkId, String phone, String amount) {
        var form = new LinkedMultiValueMap<String, String>();
        form.add("phoneNumber", phone);
        form.add("amount", amount);
        return http.post().uri("/pay/" + linkId).contentType(MediaType.APPLICATION_FORM_URLENCODED).body(form)
                .retrieve().toEntity(String.class);
    }
}
