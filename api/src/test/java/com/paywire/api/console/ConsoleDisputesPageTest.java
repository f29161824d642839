package com.paywire.api.console;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.domain.disputes.CardDisputes;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.disputes.CardDisputeStore;
import com.paywire.vocabulary.cards.CardDispute;
import com.paywire.vocabulary.cards.DisputeStatus;
import com.paywire.vocabulary.clients.ApiClient;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The console's disputes pages: the client's disputes with their deadlines, one with its evidence form while it may
 * be answered; evidence holding a card number refused without writing it back; another client's dispute as unknown
 * as none. No worker runs here: rows are written as the callback would leave them.
 */
@ApiTest
class ConsoleDisputesPageTest extends ApiTestBase {

    @Autowired
    CardDisputeStore store;
    @Autowired
    ApiClientStore clients;

    ConsoleBrowser sandbox;

    @BeforeEach
    void signIn() {
        sandbox = new ConsoleBrowser(port);
        assertThat(sandbox.signIn(SANDBOX_ID, SANDBOX_SECRET).status()).isEqualTo(303);
    }

    @Test
    void theDisputesPage_shouldListTheClientsDisputesWithTheirDeadline_andOneShouldOfferTheEvidenceForm() {
        CardDispute mine = dispute(SANDBOX_ID, DisputeStatus.NEEDS_RESPONSE);

        ConsoleBrowser.Page list = sandbox.get("/console/disputes");
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.body()).contains("href=\"/console/disputes\"").contains(mine.captureId())
                .contains("Evidence due by").contains("USD 12.34").contains("USD 15.00");
        ConsoleBrowser.Page one = sandbox.get("/console/disputes/" + mine.id());
        assertThat(one.status()).isEqualTo(200);
        assertThat(one.body()).contains("id=\"deadline\"").contains("id=\"evidenceForm\"").contains("id=\"accept\"")
                .contains("NEEDS_RESPONSE");

        CardDispute decided = dispute(SANDBOX_ID, DisputeStatus.LOST);
        assertThat(sandbox.get("/console/disputes/" + decided.id()).body()).doesNotContain("id=\"evidenceForm\"");
    }

    @Test
    void evidenceWithACardNumber_shouldBeRefused_withoutWritingItBack() {
        CardDispute mine = dispute(SANDBOX_ID, DisputeStatus.NEEDS_RESPONSE);
        String path = "/console/disputes/" + mine.id();
        Map<String, String> form = new LinkedHashMap<>();
        form.put("csrf", sandbox.get(path).csrf());
        form.put("explanation", "the buyer paid with 4111-1111-1111-1111");

        ConsoleBrowser.Page refused = sandbox.post(path + "/evidence", form);

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).contains("must not contain a card number").doesNotContain("4111");
        assertThat(store.find(mine.id()).orElseThrow().evidence()).isNull();
    }

    @Test
    void evidenceAfterTheDueDate_shouldBeRefused_andTheFormGone() {
        CardDispute mine = dispute(SANDBOX_ID, DisputeStatus.NEEDS_RESPONSE);
        String path = "/console/disputes/" + mine.id();
        Map<String, String> form = new LinkedHashMap<>();
        form.put("csrf", sandbox.get(path).csrf());
        form.put("explanation", "delivered");
        clock.advance(Duration.ofMinutes(10));

        ConsoleBrowser.Page refused = sandbox.post(path + "/evidence", form);

        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.body()).contains("due date").doesNotContain("id=\"evidenceForm\"");
    }

    @Test
    void anotherClientsDispute_shouldBeAsUnknownAsNone() {
        String other = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(other, other, "unused", Set.of("cards")), List.of());
        CardDispute theirs = dispute(other, DisputeStatus.NEEDS_RESPONSE);

        assertThat(sandbox.get("/console/disputes/" + theirs.id()).status()).isEqualTo(404);
        assertThat(sandbox.get("/console/disputes/dsp_unknown").status()).isEqualTo(404);
        assertThat(sandbox.get("/console/disputes").body()).doesNotContain(theirs.captureId());
    }

    private CardDispute dispute(String clientId, DisputeStatus status) {
        String processorId = "dp_" + UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
        CardDispute d = new CardDispute(CardDisputes.idOf(processorId), processorId, clientId,
                "cap_" + UUID.randomUUID(), "auth_" + UUID.randomUUID(), new BigDecimal("12.34"), "USD",
                new BigDecimal("15.00"), "fraudulent", status, false, now.plusMinutes(5), null, null, null, now);
        assertThat(store.insertIfAbsent(d)).isTrue();
        return d;
    }
}
