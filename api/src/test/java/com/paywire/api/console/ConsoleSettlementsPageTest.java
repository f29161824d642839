package com.paywire.api.console;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.settlements.SettlementStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.settlements.Settlement;
import com.paywire.vocabulary.settlements.SettlementInstructions;
import com.paywire.vocabulary.settlements.SettlementSchedule;
import com.paywire.vocabulary.settlements.SettlementStatus;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The console's settlements pages: the instructions in force and the settlements newest first, one settlement with
 * its money and entries; another client's settlement as unknown as none. No worker runs here: rows are written as
 * the workflows would leave them.
 */
@ApiTest
class ConsoleSettlementsPageTest extends ApiTestBase {

    @Autowired
    SettlementStore store;
    @Autowired
    ApiClientStore clients;

    ConsoleBrowser sandbox;

    @BeforeEach
    void signIn() {
        sandbox = new ConsoleBrowser(port);
        assertThat(sandbox.signIn(SANDBOX_ID, SANDBOX_SECRET).status()).isEqualTo(303);
    }

    @Test
    void theSettlementsPage_shouldListTheClientsSettlements_andOneShouldShowItsMoney() {
        ConsoleBrowser.Page before = sandbox.get("/console/settlements");
        assertThat(before.status()).isEqualTo(200);
        assertThat(before.body()).contains("href=\"/console/settlements\"");

        OffsetDateTime now = OffsetDateTime.now();
        store.saveInstructions(new SettlementInstructions(SANDBOX_ID, "01", "1234567890", "ACME TRADING LIMITED",
                SettlementSchedule.WEEKLY, new BigDecimal("100.00"), null, now, now, now));
        Settlement mine = settlement(SANDBOX_ID, "console-settle-" + UUID.randomUUID());

        ConsoleBrowser.Page list = sandbox.get("/console/settlements");
        assertThat(list.body()).contains("id=\"instructions\"").contains("01 ******7890").contains("WEEKLY")
                .contains(mine.originatorConversationId()).doesNotContain("1234567890");
        ConsoleBrowser.Page one = sandbox.get("/console/settlements/" + mine.id());
        assertThat(one.status()).isEqualTo(200);
        assertThat(one.body()).contains("id=\"status\"").contains("PENDING").contains("What it settles")
                .contains("No entries");
    }

    @Test
    void anotherClientsSettlement_shouldBeAsUnknownAsNone() {
        String other = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(other, other, "unused", Set.of("collections")), List.of());
        Settlement theirs = settlement(other, "theirs-" + UUID.randomUUID());

        assertThat(sandbox.get("/console/settlements/" + theirs.id()).status()).isEqualTo(404);
        assertThat(sandbox.get("/console/settlements/" + UUID.randomUUID()).status()).isEqualTo(404);
        assertThat(sandbox.get("/console/settlements/not-an-id").status()).isEqualTo(404);
        assertThat(sandbox.get("/console/settlements").body()).doesNotContain(theirs.originatorConversationId());
    }

    private Settlement settlement(String clientId, String ocid) {
        Settlement s = new Settlement(UUID.randomUUID(), clientId, ocid, false, SettlementStatus.PENDING,
                new BigDecimal("1000.00"), new BigDecimal("50.00"), new BigDecimal("950.00"), null, null, "01",
                "1234567890", "ACME TRADING LIMITED", null, null, null, OffsetDateTime.now(), null, null, null, null,
                null, true);
        assertThat(store.insert(s)).isTrue();
        return s;
    }
}
