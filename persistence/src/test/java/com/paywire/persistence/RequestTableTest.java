package com.paywire.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.vocabulary.lookups.AccountHolder;
import com.paywire.vocabulary.lookups.AccountValidation;
import com.paywire.persistence.accountvalidation.AccountValidationStore;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.lookups.LookupStatus;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The outbox's request table, through one store that extends it (account validations, whose rows also carry sealed
 * personal data): found by id or by the client's key, locked, swept oldest first, marked started, erased.
 */
@SpringBootTest(classes = PersistenceTestApplication.class)
class RequestTableTest {

    private static final OffsetDateTime T0 = OffsetDateTime.of(2026, 11, 20, 8, 0, 0, 0, ZoneOffset.UTC);
    /** Before any other test's requests, which share the table. */
    private static final OffsetDateTime SWEPT = OffsetDateTime.of(2001, 1, 1, 8, 0, 0, 0, ZoneOffset.UTC);

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
    }

    @Autowired
    AccountValidationStore validations;
    @Autowired
    ApiClientStore clients;

    @Test
    void aRequestShouldBeFoundByItsIdAndByItsClientsKey_butNotUnderAnotherClient() {
        String client = newClient();
        AccountValidation v = insert(client, "stan-1", T0);

        assertThat(validations.find(v.id()).orElseThrow().systemTraceAuditNumber()).isEqualTo("stan-1");
        assertThat(validations.find(client, "stan-1").orElseThrow().id()).isEqualTo(v.id());
        assertThat(validations.find(newClient(), "stan-1")).isEmpty();
        assertThat(validations.find(UUID.randomUUID())).isEmpty();
    }

    @Test
    void lockingARequestThatDoesNotExist_shouldBeABrokenInvariantNamingIt() {
        UUID nobody = UUID.randomUUID();

        assertThatThrownBy(() -> validations.lock(nobody)).isInstanceOf(InvariantViolationException.class)
                .hasMessage("no account validation " + nobody);
    }

    @Test
    void theSweep_shouldFindOnlyUnstartedRequestsAcceptedBeforeTheCutOff_oldestFirst_atMostTheLimit() {
        String client = newClient();
        AccountValidation second = insert(client, "stan-b", SWEPT.plusMinutes(2));
        AccountValidation first = insert(client, "stan-a", SWEPT.plusMinutes(1));
        AccountValidation started = insert(client, "stan-c", SWEPT);
        validations.markWorkflowStarted(started.id());
        insert(client, "stan-d", SWEPT.plusMinutes(3));
        insert(client, "stan-late", SWEPT.plusMinutes(10));

        List<UUID> stragglers = validations.findUnstarted(SWEPT.plusMinutes(5), 2).stream()
                .map(AccountValidation::id).toList();

        assertThat(stragglers).containsExactly(first.id(), second.id());
        assertThat(validations.lock(started.id()).workflowStarted()).isTrue();
        assertThat(validations.findUnstarted(SWEPT.plusMinutes(5), 10)).hasSize(3);
    }

    @Test
    void erasingPersonalData_shouldForgetTheHolder_andKeepTheFirstErasuresTime() {
        AccountValidation v = insert(newClient(), "stan-e", T0);

        validations.erasePersonalData(v.id(), T0.plusDays(30));
        validations.erasePersonalData(v.id(), T0.plusDays(31));

        AccountValidation erased = validations.find(v.id()).orElseThrow();
        assertThat(erased.holder()).isNull();
        assertThat(erased.personalDataErasedAt()).isEqualTo(T0.plusDays(30));
    }

    private String newClient() {
        String client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("kyc")), List.of());
        return client;
    }

    private AccountValidation insert(String client, String stan, OffsetDateTime createdAt) {
        AccountValidation v = new AccountValidation(UUID.randomUUID(), client, stan, 1, "63902", "KE", "404",
                "https://merchant.example/av", "JSON", "*******678", new AccountHolder("254712345678", null),
                LookupStatus.PENDING, null, null, null, null, null, false, createdAt);
        validations.insert(v);
        return v;
    }
}
