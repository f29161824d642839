package com.paywire.infra.funding;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.infra.support.TimeSkippingSystemTest;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * Float top-ups end to end over HTTP: the client reads its funding instructions, an operator posts the bank's
 * statement (camt.053, MT940), BankStatementWorkflow credits each entry once however often or concurrently it is
 * posted, a typo'd reference waits in funding suspense until an operator assigns it, once; the client sees the
 * credits on its balance, statement and webhooks' event.
 */
class FundingSystemTest extends TimeSkippingSystemTest {

    private static final String STATEMENTS = "/v1/operations/bank-statements";

    @Test
    void givenAStatementPostedTwice_andAnOverlappingOneAtOnce_eachCreditShouldReachTheWorkingAccountOnce() throws Exception {
        String operator = TimeSkippingPlatform.operatorToken(http);
        String reference = get("/v1/customer-accounts/funding-instructions", token).get("fundingReference").asString();
        String typo = reference.substring(0, 9) + ((reference.charAt(9) - '0' + 1) % 10);
        String run = UUID.randomUUID().toString().substring(0, 8).toUpperCase();
        BigDecimal before = working();

        String camt = camt("S1-" + run, List.of(
                entry("A-" + run, "CRDT", "KES", "1500.00", "Top-up " + reference),
                entry("B-" + run, "CRDT", "KES", "20.00", "Top-up " + typo),
                entry("C-" + run, "DBIT", "KES", "5.00", "Bank charges"),
                entry("D-" + run, "CRDT", "USD", "7.00", reference)));
        ResponseEntity<JsonNode> first = post(camt, MediaType.APPLICATION_XML, operator);

        assertThat(first.getStatusCode().value()).as("%s", first.getBody()).isEqualTo(200);
        assertThat(outcomes(first.getBody())).containsExactly("CREDITED", "SUSPENDED", "IGNORED_DEBIT",
                "IGNORED_CURRENCY");
        assertThat(first.getBody().get("entries").get(0).get("clientId").asString()).isEqualTo("paywire-sandbox");
        assertThat(first.getBody().get("entries").get(0).get("amount").asString()).isEqualTo("1500.00");
        assertThat(working().subtract(before)).isEqualByComparingTo("1500.00");

        ResponseEntity<JsonNode> again = post(camt, MediaType.APPLICATION_XML, operator);
        assertThat(outcomes(again.getBody())).containsExactly("ALREADY_PROCESSED", "ALREADY_PROCESSED",
                "IGNORED_DEBIT", "IGNORED_CURRENCY");

        // an MT940 and another camt holding the same new entry, posted at once
        String mt940 = mt940("M-" + run, "E-" + run, "300,00", reference);
        String overlapping = camt("S2-" + run, List.of(entry("E-" + run, "CRDT", "KES", "300.00", reference)));
        CompletableFuture<ResponseEntity<JsonNode>> a = CompletableFuture.supplyAsync(
                () -> post(mt940, MediaType.TEXT_PLAIN, operator));
        CompletableFuture<ResponseEntity<JsonNode>> b = CompletableFuture.supplyAsync(
                () -> post(overlapping, MediaType.APPLICATION_XML, operator));
        List<String> both = new ArrayList<>(outcomes(a.get().getBody()));
        both.addAll(outcomes(b.get().getBody()));
        assertThat(both).containsExactlyInAnyOrder("CREDITED", "ALREADY_PROCESSED");
        assertThat(working().subtract(before)).isEqualByComparingTo("1800.00");

        // the typo waits in suspense; an operator assigns it once
        JsonNode suspended = get("/v1/operations/funding-suspense", operator).get("entries");
        assertThat(suspended.toString()).contains("B-" + run);
        String assign = "/v1/operations/funding-suspense/B-" + run + "/assign";
        Map<String, String> body = Map.of("clientId", "paywire-sandbox", "reason", "the payer mistyped a digit");
        ResponseEntity<JsonNode> assigned = postJson(assign, body, operator);
        assertThat(assigned.getStatusCode().value()).as("%s", assigned.getBody()).isEqualTo(200);
        assertThat(assigned.getBody().get("assignedClientId").asString()).isEqualTo("paywire-sandbox");
        ResponseEntity<JsonNode> twice = postJson(assign, body, operator);
        assertThat(twice.getStatusCode().value()).isEqualTo(409);
        assertThat(twice.getBody().toString()).contains("paywire-operator");
        assertThat(working().subtract(before)).isEqualByComparingTo("1820.00");
        assertThat(get("/v1/operations/audit-log", operator).toString()).contains("B-" + run);

        // the client's statement types them, with the bank's reference; it heard of each credit
        JsonNode statement = get("/v1/customer-accounts/statement?accountType=1&pageSize=100", token);
        assertThat(statement.toString()).contains("A-" + run, "E-" + run, "B-" + run);
        assertThat(jdbc.sql("select count(*) from events where client_id = 'paywire-sandbox' and type = 'balance.funded'"
                        + " and data::text like ?").param("%-" + run + "%").query(Long.class).single()).isEqualTo(3);
    }

    private BigDecimal working() {
        JsonNode balances = get("/v1/customer-accounts/get-wallet-balance", token);
        return new BigDecimal(balances.get("balance").asString());
    }

    private static List<String> outcomes(JsonNode answer) {
        List<String> outcomes = new ArrayList<>();
        answer.get("entries").forEach(e -> outcomes.add(e.get("outcome").asString()));
        return outcomes;
    }

    private JsonNode get(String uri, String bearer) {
        return http.get().uri(uri).header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer).retrieve()
                .body(JsonNode.class);
    }

    private ResponseEntity<JsonNode> post(String body, MediaType type, String bearer) {
        return http.post().uri(STATEMENTS).header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer).contentType(type)
                .body(body).retrieve().toEntity(JsonNode.class);
    }

    private ResponseEntity<JsonNode> postJson(String uri, Object body, String bearer) {
        return http.post().uri(uri).header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer)
                .contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(body)).retrieve()
                .toEntity(JsonNode.class);
    }

    private static String entry(String reference, String direction, String currency, String amount, String text) {
        return """
                <Ntry><Amt Ccy="%s">%s</Amt><CdtDbtInd>%s</CdtDbtInd><Sts>BOOK</Sts>
                  <BookgDt><Dt>2026-12-01</Dt></BookgDt><AcctSvcrRef>%s</AcctSvcrRef>
                  <BkTxCd><Prtry><Cd>TRF</Cd></Prtry></BkTxCd>
                  <NtryDtls><TxDtls><RmtInf><Ustrd>%s</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
                """.formatted(currency, amount, direction, reference, text);
    }

    private static String camt(String statementId, List<String> entries) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
                <GrpHdr><MsgId>%1$s</MsgId><CreDtTm>2026-12-01T23:59:00+03:00</CreDtTm></GrpHdr>
                <Stmt><Id>%1$s</Id><CreDtTm>2026-12-01T23:59:00+03:00</CreDtTm>
                <Acct><Id><Othr><Id>0100200300400</Id></Othr></Id></Acct>
                %2$s</Stmt></BkToCstmrStmt></Document>
                """.formatted(statementId, String.join("", entries));
    }

    private static String mt940(String statementId, String entryReference, String amount, String text) {
        return String.join("\r\n", ":20:" + statementId, ":25:0100200300400", ":28C:1/1", ":60F:C261130KES0,00",
                ":61:2612011201C" + amount + "NTRFNONREF//" + entryReference, ":86:" + text,
                ":62F:C261201KES" + amount);
    }
}
