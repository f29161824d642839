package com.paywire.infra.airtime;

import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.infra.support.LoopbackReceiver;
import com.paywire.infra.support.SimulatorMappings;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.infra.support.TimeSkippingSystemTest;
import com.paywire.persistence.LedgerInvariants;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.workflows.WorkflowIds;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * Airtime purchases end to end with time skipping: the API takes the purchase, AirtimePurchaseWorkflow holds each
 * recipient's funds, tops it up on its network's airtime rail (the rails simulator's own stubs), posts or releases
 * each hold, and calls the client back with the purchase's record, signed.
 */
class AirtimeSystemTest extends TimeSkippingSystemTest {

    static final WireMockServer outside = TimeSkippingPlatform.OUTSIDE;
    static final String SANDBOX = "paywire-sandbox";
    static final String SAFARICOM = "254712345678";
    static final String AIRTEL = "254733123456";
    /** The simulator's Telkom number whose network is down (HTTP 503) every time. */
    static final String TELKOM_DOWN = "254770000503";
    static final String TELKOM = "254771234567";
    /** The simulator's Safaricom number whose network tops up but whose answers are lost (HTTP 504). */
    static final String SAFARICOM_ANSWER_LOST = "254700000504";
    /** The simulator's Airtel number whose answers are lost, and whose status query says refused. */
    static final String AIRTEL_REFUSED_LATE = "254730000509";
    /** The simulator's Telkom number whose answers are lost, and whose status query says pending for ever. */
    static final String TELKOM_SILENT = "254770000502";
    /** The simulator's Safaricom number that is no subscriber. */
    static final String SAFARICOM_INVALID = "254700000400";

    @Autowired
    ApiClientStore clients;

    @BeforeAll
    static void networksAndReceiver() {
        SimulatorMappings.load(outside, "airtime-");
        outside.stubFor(post(urlPathMatching("/airtime-receiver/.+")).willReturn(okJson("{}")));
    }

    @Test
    void givenThreeNetworks_oneOfThemDown_onlyThatRecipientsFundsShouldBeReleased_andTheLedgerBalance() {
        BigDecimal before = working(SANDBOX);
        String ocid = submit(List.of(recipient("+" + SAFARICOM, "100"), recipient(AIRTEL, "200.50"),
                recipient(TELKOM_DOWN, "300.00")));

        assertThat(awaitPurchase(ocid)).isEqualTo("PARTIALLY_COMPLETED");

        JsonNode record = query(ocid);
        assertThat(record.get("status").asString()).isEqualTo("PARTIALLY_COMPLETED");
        JsonNode safaricom = record.get("recipients").get(0);
        JsonNode airtel = record.get("recipients").get(1);
        JsonNode telkom = record.get("recipients").get(2);
        for (JsonNode done : List.of(safaricom, airtel)) {
            assertThat(done.get("status").asString()).isEqualTo("COMPLETED");
            assertThat(done.get("resultCode").asString()).isEqualTo("0");
            assertThat(done.get("resultDesc").asString()).isEqualTo("The number was topped up");
            assertThat(done.get("receiptNumber").asString()).matches("AT[A-Z0-9]{10}");
        }
        assertThat(safaricom.get("phoneNumber").asString()).isEqualTo(SAFARICOM);
        assertThat(telkom.get("status").asString()).isEqualTo("FAILED");
        assertThat(telkom.get("resultCode").asString()).isEqualTo("16");
        assertThat(telkom.get("receiptNumber").isNull()).isTrue();

        // only the Safaricom and Airtel top-ups left the working account (airtime carries no fee)
        assertThat(before.subtract(working(SANDBOX))).isEqualByComparingTo("300.50");
        Map<String, TransferState> states = transferStates(ocid);
        assertThat(states).containsEntry(SAFARICOM, TransferState.POSTED).containsEntry(AIRTEL, TransferState.POSTED)
                .containsEntry(TELKOM_DOWN, TransferState.VOIDED);
        assertThat(creditedTo(ocid, "rail:AIRTIME_SAFARICOM:SETTLEMENT")).isEqualByComparingTo("100.00");
        assertThat(creditedTo(ocid, "rail:AIRTIME_AIRTEL:SETTLEMENT")).isEqualByComparingTo("200.50");
        assertThat(creditedTo(ocid, "rail:AIRTIME_TELKOM:SETTLEMENT")).isEqualByComparingTo("0");
        assertThat(jdbc.sql("select reserved from ledger_accounts where id = 'client:paywire-sandbox:WORKING'")
                .query(BigDecimal.class).single()).as("no hold left behind").isEqualByComparingTo("0");
        LedgerInvariants.assertHold(jdbc);

        String telkomId = recipientId(ocid, TELKOM_DOWN);
        assertThat(outside.findAll(postRequestedFor(urlPathEqualTo("/airtime/topups"))
                .withHeader("Idempotency-Key", equalTo(telkomId))))
                .as("the network was asked again within the window").hasSizeGreaterThan(1);
        LoggedRequest airtelCall = outside.findAll(postRequestedFor(urlPathEqualTo("/airtime/topups"))
                .withRequestBody(containing(AIRTEL))).getFirst();
        JsonNode sent = json.readTree(airtelCall.getBodyAsString());
        assertThat(sent.get("network").asString()).isEqualTo("AIRTEL");
        assertThat(sent.get("amount").asString()).isEqualTo("200.50");
        assertThat(sent.get("reference").asString()).isEqualTo(airtelCall.getHeader("Idempotency-Key"))
                .isEqualTo(recipientId(ocid, AIRTEL));
    }

    @Test
    void givenNetworksWhoseAnswersAreLost_theStatusQueryShouldDecide_aTopUpPosted_andARefusalReleased() {
        BigDecimal before = working(SANDBOX);
        String ocid = submit(List.of(recipient(SAFARICOM_ANSWER_LOST, "120"), recipient(AIRTEL_REFUSED_LATE, "80")));

        assertThat(awaitPurchase(ocid)).isEqualTo("PARTIALLY_COMPLETED");

        JsonNode toppedUp = query(ocid).get("recipients").get(0);
        JsonNode refused = query(ocid).get("recipients").get(1);
        assertThat(toppedUp.get("status").asString()).isEqualTo("COMPLETED");
        assertThat(toppedUp.get("resultCode").asString()).isEqualTo("0");
        assertThat(toppedUp.get("receiptNumber").asString()).as("the status query's receipt").startsWith("ATQ");
        assertThat(refused.get("status").asString()).isEqualTo("FAILED");
        assertThat(refused.get("resultCode").asString()).isEqualTo("13");
        assertThat(transferStates(ocid)).containsEntry(SAFARICOM_ANSWER_LOST, TransferState.POSTED)
                .containsEntry(AIRTEL_REFUSED_LATE, TransferState.VOIDED);
        assertThat(before.subtract(working(SANDBOX))).isEqualByComparingTo("120.00");
        assertThat(outside.findAll(postRequestedFor(urlPathEqualTo("/airtime/topups/status"))
                .withHeader("Content-Type", equalTo("application/json"))
                .withRequestBody(containing(SAFARICOM_ANSWER_LOST)))).as("the network was asked").isNotEmpty();
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenANetworkThatNeverSaysWhatBecameOfATopUp_itsFundsShouldStayHeld_pendingConfirmation_andBeReferred() {
        String ocid = submit(List.of(recipient(TELKOM_SILENT, "75")));

        assertThat(awaitPurchase(ocid)).isEqualTo("PENDING");

        JsonNode record = query(ocid);
        assertThat(record.get("status").asString()).isEqualTo("PENDING");
        JsonNode silent = record.get("recipients").get(0);
        assertThat(silent.get("status").asString()).isEqualTo("PROCESSING");
        assertThat(silent.get("resultCode").asString()).isEqualTo("14");
        assertThat(silent.get("resultDesc").asString()).startsWith("Pending confirmation")
                .contains("referred to Paywire operations");
        assertThat(transferStates(ocid)).containsExactly(Map.entry(TELKOM_SILENT, TransferState.PENDING));
        assertThat(jdbc.sql("select count(*) from airtime_recipients where id = ?::uuid and referred_at is not null")
                .param(recipientId(ocid, TELKOM_SILENT)).query(Integer.class).single()).isEqualTo(1);
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenAFinalPurchase_theCallbackShouldBeItsRecord_fieldByField_signedWithTheCallbackSecret() {
        String ocid = submit(List.of(recipient(TELKOM, "50"), recipient(SAFARICOM_INVALID, "20")));
        awaitPurchase(ocid);

        LoggedRequest callback = TimeSkippingPlatform.awaitPostTo("/airtime-receiver/" + ocid);

        JsonNode body = json.readTree(callback.getBodyAsString());
        assertThat(callback.getHeader("Content-Type")).startsWith("application/json");
        assertThat(new ArrayList<>(body.propertyNames())).containsExactly("originatorConversationId",
                "systemConversationId", "status", "recipients");
        assertThat(body.get("originatorConversationId").asString()).isEqualTo(ocid);
        assertThat(body.get("systemConversationId").asString()).isEqualTo(purchaseId(ocid));
        assertThat(body.get("status").asString()).isEqualTo("PARTIALLY_COMPLETED");
        assertThat(body.get("recipients")).hasSize(2);
        JsonNode telkom = body.get("recipients").get(0);
        assertThat(new ArrayList<>(telkom.propertyNames())).containsExactly("phoneNumber", "amount", "status",
                "resultCode", "resultDesc", "receiptNumber");
        assertThat(telkom.get("phoneNumber").asString()).isEqualTo(TELKOM);
        assertThat(telkom.get("amount").decimalValue()).isEqualByComparingTo("50.00");
        assertThat(telkom.get("status").asString()).isEqualTo("COMPLETED");
        assertThat(telkom.get("resultCode").asString()).isEqualTo("0");
        assertThat(telkom.get("receiptNumber").asString()).startsWith("AT");
        JsonNode invalid = body.get("recipients").get(1);
        assertThat(invalid.get("phoneNumber").asString()).isEqualTo(SAFARICOM_INVALID);
        assertThat(invalid.get("amount").decimalValue()).isEqualByComparingTo("20.00");
        assertThat(invalid.get("status").asString()).isEqualTo("FAILED");
        assertThat(invalid.get("resultCode").asString()).isEqualTo("6");
        assertThat(invalid.get("resultDesc").asString()).isEqualTo("The number cannot receive airtime from its network");
        assertThat(invalid.get("receiptNumber").isNull()).isTrue();
        assertThat(body).as("the callback is the status query's record").isEqualTo(query(ocid));

        String[] signature = callback.getHeader("Paywire-Signature").split(",");
        assertThat(signature[1]).isEqualTo("v1=" + LoopbackReceiver.hmacHex("sandbox-callback-secret",
                signature[0].substring(2) + "." + callback.getBodyAsString()));
        assertThat(outside.findAll(postRequestedFor(urlPathEqualTo("/airtime-receiver/" + ocid))))
                .as("one callback per purchase").hasSize(1);
    }

    @Test
    void givenOnlyAnInvalidNumber_thePurchaseShouldFail_andItsFundsBeReleased() {
        BigDecimal before = working(SANDBOX);
        String ocid = submit(List.of(recipient("254730000400", "1000")));

        assertThat(awaitPurchase(ocid)).isEqualTo("FAILED");

        assertThat(query(ocid).get("recipients").get(0).get("resultCode").asString()).isEqualTo("6");
        assertThat(transferStates(ocid)).containsExactly(Map.entry("254730000400", TransferState.VOIDED));
        assertThat(working(SANDBOX)).isEqualByComparingTo(before);
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenADuplicate_itShouldBeRefusedNamingIt_andAnotherClientShouldNotSeeThePurchase() {
        String ocid = submit(List.of(recipient(SAFARICOM, "10")));
        awaitPurchase(ocid);

        ResponseEntity<JsonNode> again = send(body(ocid, List.of(recipient(AIRTEL, "10"))));
        assertThat(again.getStatusCode().value()).isEqualTo(400);
        assertThat(again.getBody().get("errors").get(0).get("field").asString()).isEqualTo("originatorConversationId");
        assertThat(again.getBody().get("errors").get(0).get("message").asString()).contains("duplicate");
        assertThat(query(ocid).get("recipients")).hasSize(1);

        clients.registerWithAllRoutes(new ApiClient("airtime-snoop", "Snoop", ClientSecretHasher.hash("snoop-secret"),
                Set.of("bills")));
        String snoop = TimeSkippingPlatform.token(http, "airtime-snoop", "snoop-secret");
        assertThat(http.get().uri("/v1/airtime-purchase/check-status?OriginatorConversationId=" + ocid)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + snoop).retrieve().toEntity(JsonNode.class)
                .getStatusCode().value()).isEqualTo(404);
    }

    private static Map<String, Object> recipient(String phoneNumber, String amount) {
        return Map.of("currencyCode", "KES", "phoneNumber", phoneNumber, "amount", new BigDecimal(amount),
                "name", "Recipient");
    }

    private String submit(List<Map<String, Object>> recipients) {
        String ocid = UUID.randomUUID().toString();
        ResponseEntity<JsonNode> response = send(body(ocid, recipients));
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(200);
        assertThat(response.getBody().get("message").get("remarks").asString()).isEqualTo("Airtime Purchase Accepted");
        return ocid;
    }

    private String body(String ocid, List<Map<String, Object>> recipients) {
        return json.writeValueAsString(Map.of("originatorConversationId", ocid,
                "callbackURL", outside.baseUrl() + "/airtime-receiver/" + ocid, "recipients", recipients));
    }

    private ResponseEntity<JsonNode> send(String body) {
        return http.post().uri("/v1/airtime-purchase").header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }

    private JsonNode query(String ocid) {
        ResponseEntity<JsonNode> response = http.get()
                .uri("/v1/airtime-purchase/check-status?OriginatorConversationId=" + ocid)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        return response.getBody();
    }

    private String awaitPurchase(String ocid) {
        return resultOf(WorkflowIds.airtime(SANDBOX, ocid), String.class);
    }

    private BigDecimal working(String clientId) {
        return jdbc.sql("select balance from ledger_accounts where id = ?").param("client:" + clientId + ":WORKING")
                .query(BigDecimal.class).single();
    }

    private String purchaseId(String ocid) {
        return jdbc.sql("select id::text from airtime_purchases where originator_conversation_id = ?").param(ocid)
                .query(String.class).single();
    }

    private String recipientId(String ocid, String phoneNumber) {
        return jdbc.sql("""
                select r.id::text from airtime_recipients r join airtime_purchases p on p.id = r.purchase_id
                where p.originator_conversation_id = ? and r.phone_number = ?
                """).params(ocid, phoneNumber).query(String.class).single();
    }

    /** The state of each recipient's hold, by phone number. */
    private Map<String, TransferState> transferStates(String ocid) {
        return jdbc.sql("""
                select r.phone_number, t.state from airtime_recipients r
                join airtime_purchases p on p.id = r.purchase_id
                join ledger_transfer_states t on t.reservation_key = 'airtime:' || r.id
                where p.originator_conversation_id = ?
                """).param(ocid).query((rs, n) -> Map.entry(rs.getString(1), TransferState.valueOf(rs.getString(2)))).list().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    /** What the purchase's holds put into this account (posted entries only). */
    private BigDecimal creditedTo(String ocid, String account) {
        return jdbc.sql("""
                select coalesce(sum(e.amount), 0) from ledger_entries e
                join ledger_transfers t on t.id = e.transfer_id
                join airtime_recipients r on t.reservation_key = 'airtime:' || r.id
                join airtime_purchases p on p.id = r.purchase_id
                where p.originator_conversation_id = ? and e.account_id = ?
                """).params(ocid, account).query(BigDecimal.class).single();
    }
}
