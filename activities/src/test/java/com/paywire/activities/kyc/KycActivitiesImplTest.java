package com.paywire.activities.kyc;

import static com.paywire.activities.CallbackHarness.NOW;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.CallbackHarness;
import com.paywire.activities.UnusedRails;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.kyc.KycPersonalData;
import com.paywire.persistence.kyc.KycRequest;
import com.paywire.persistence.kyc.KycStore;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.lookups.LookupStatus;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.kyc.KycVerdict;
import io.temporal.failure.ApplicationFailure;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A KYC request's record steps on a real PostgreSQL: the verdict recorded once with only what the status record
 * shows kept, the callback published sealed, and the personal data erased with the event's.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class KycActivitiesImplTest {

    static final UUID KYC_ROUTE = UUID.fromString("7084d9cf-08ba-491b-ab39-de9db5ee59d2");
    static final String CALLBACK = "https://merchant.example/kyc/callback";
    static final KycVerdict VERIFIED = new KycVerdict(KycVerdict.VERIFIED, "Identity verified",
            Map.of("firstName", "MATCHED", "lastName", "MATCHED"));

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    KycStore requests;
    @Autowired
    EventStore events;
    @Autowired
    ApiClientStore clients;
    @Autowired
    TransactionTemplate transaction;

    CallbackHarness callbacks;
    KycActivitiesImpl activities;

    @BeforeEach
    void setUp() {
        callbacks = new CallbackHarness(events);
        activities = new KycActivitiesImpl(requests, events, callbacks.publisher(), transaction, callbacks.clock);
    }

    @AfterEach
    void tearDown() {
        callbacks.close();
    }

    @Test
    void givenTheRegistryVerifiedThePerson_closingShouldRecordTheVerdict_keepOnlyWhatTheStatusRecordShows_andCallBack() {
        KycRequest pending = pending(CALLBACK);
        String id = pending.id().toString();

        activities.close(id, VERIFIED);

        KycRequest closed = requests.find(pending.id()).orElseThrow();
        assertThat(closed.status()).isEqualTo(LookupStatus.COMPLETED);
        assertThat(closed.responseCode()).isEqualTo(KycVerdict.VERIFIED);
        assertThat(closed.responseDesc()).isEqualTo("Identity verified");
        assertThat(closed.nameMatchJson()).contains("\"firstName\":\"MATCHED\"");
        assertThat(closed.completedAt()).isEqualTo(NOW);
        assertThat(closed.personal()).as("the registry knows the ID: it is shown as the registry's")
                .isEqualTo(pending.personal().forStatusRecord("27364519"));
        EventStore.Event callback = callbacks.event(id);
        assertThat(callback.type()).isEqualTo(KycActivitiesImpl.CALLBACK_EVENT);
        assertThat(callback.orderingKey()).isEqualTo("kyc:" + id);
        assertThat(callback.personal()).as("sealed at rest").isTrue();
        assertThat(callback.callbackXmlRoot()).isNull();
        assertThat(callback.dataJson()).contains("\"status\":\"00\"", "\"kycRequestFirstName\":\"Wanjiku\"");
        assertThat(callbacks.deliveredTo(id)).containsExactly(CALLBACK);
    }

    @Test
    void givenTheRegistryDoesNotKnowTheId_closingShouldCompleteTheRequest_withoutTheRegistrysId() {
        KycRequest pending = pending(CALLBACK);

        activities.close(pending.id().toString(), new KycVerdict(KycVerdict.NOT_FOUND,
                "The national ID is not in the registry", Map.of()));

        KycRequest closed = requests.find(pending.id()).orElseThrow();
        assertThat(closed.status()).isEqualTo(LookupStatus.COMPLETED);
        assertThat(closed.personal().registryNationalId()).isNull();
        assertThat(closed.personal().dateOfBirth()).as("needed only to ask the registry").isNull();
    }

    @Test
    void givenTheRegistryWasAwayForTheWholeWindow_closingShouldFailTheRequest() {
        KycRequest pending = pending(CALLBACK);

        activities.close(pending.id().toString(), KycVerdict.registryUnavailable());

        KycRequest closed = requests.find(pending.id()).orElseThrow();
        assertThat(closed.status()).isEqualTo(LookupStatus.FAILED);
        assertThat(closed.responseCode()).isEqualTo(KycVerdict.REGISTRY_UNAVAILABLE);
        assertThat(callbacks.event(pending.id().toString()).dataJson()).contains("\"status\":\"02\"");
    }

    @Test
    void givenAClosedRequest_closingItAgain_shouldKeepTheFirstVerdict_andCallBackOnce() {
        KycRequest pending = pending(CALLBACK);
        String id = pending.id().toString();
        activities.close(id, VERIFIED);

        activities.close(id, KycVerdict.registryUnavailable());

        assertThat(requests.find(pending.id()).orElseThrow().responseCode()).isEqualTo(KycVerdict.VERIFIED);
        assertThat(callbacks.deliveredTo(id)).containsExactly(CALLBACK);
    }

    @Test
    void givenNoCallbackUrl_closingShouldPublishNothing() {
        KycRequest pending = pending(null);

        activities.close(pending.id().toString(), VERIFIED);

        assertThat(requests.find(pending.id()).orElseThrow().status()).isEqualTo(LookupStatus.COMPLETED);
        assertThat(callbacks.published(pending.id().toString())).isFalse();
    }

    @Test
    void givenNoSuchRequest_closingShouldFailAsABrokenInvariant() {
        assertThatThrownBy(() -> activities.close(UUID.randomUUID().toString(), VERIFIED))
                .isInstanceOfSatisfying(ApplicationFailure.class, failure -> {
                    assertThat(failure.getType()).isEqualTo(FailureType.INVARIANT_VIOLATED.name());
                    assertThat(failure.isNonRetryable()).isTrue();
                });
    }

    @Test
    void erasingShouldForgetThePerson_inTheRequestAndInItsCallbackEvent_andKeepTheVerdict() {
        KycRequest pending = pending(CALLBACK);
        String id = pending.id().toString();
        activities.close(id, VERIFIED);

        activities.erasePersonalData(id);

        KycRequest erased = requests.find(pending.id()).orElseThrow();
        assertThat(erased.personal()).isNull();
        assertThat(erased.personalDataErasedAt()).isEqualTo(NOW);
        assertThat(erased.responseCode()).isEqualTo(KycVerdict.VERIFIED);
        assertThat(callbacks.event(id).dataJson()).doesNotContain("Wanjiku", "27364519").contains("erased");
    }

    private KycRequest pending(String callbackUrl) {
        String client = CallbackHarness.newClient(clients, "kyc");
        KycPersonalData person = new KycPersonalData("Wanjiku", "Achieng", "Odhiambo", null, "27364519", "SN-1", null,
                null, null, null, "1990-05-14", null, null, "+254712345678", null, null, null, null);
        KycRequest request = new KycRequest(UUID.randomUUID(), client, UUID.randomUUID().toString(), KYC_ROUTE, 1, "KE",
                "KES", callbackUrl, null, "******19", person, LookupStatus.PENDING, null, null, null, null, null, true,
                NOW.minusMinutes(1));
        requests.insert(request);
        return request;
    }
}
