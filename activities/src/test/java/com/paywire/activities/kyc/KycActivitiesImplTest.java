package com.paywire.activities.kyc;

import static com.paywire.activities.CallbackHarness.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.activities.CallbackHarness;
import com.paywire.activities.lookups.LookupRecordsContract;
import com.paywire.vocabulary.lookups.KycPersonalData;
import com.paywire.vocabulary.lookups.KycRequest;
import com.paywire.persistence.kyc.KycStore;
import com.paywire.vocabulary.lookups.KycResponseCode;
import com.paywire.vocabulary.lookups.LookupStatus;
import com.paywire.vocabulary.notifications.Event;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.rules.kyc.KycVerdict;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A KYC request's record steps: besides what every lookup's must do, the verdict recorded with only the personal
 * data the status record shows, the status record as the callback, and no callback when none was asked for.
 */
class KycActivitiesImplTest extends LookupRecordsContract<KycRequest> {

    static final UUID KYC_ROUTE = UUID.fromString("7084d9cf-08ba-491b-ab39-de9db5ee59d2");
    static final String CALLBACK = "https://merchant.example/kyc/callback";
    static final KycVerdict VERIFIED = KycVerdict.of(KycResponseCode.VERIFIED, "Identity verified",
            Map.of("firstName", "MATCHED", "lastName", "MATCHED"));

    @Autowired
    KycStore requests;

    KycActivitiesImpl activities;

    @Override
    protected Product<KycRequest> buildActivities() {
        activities = new KycActivitiesImpl(requests, events, callbacks.publisher(), transaction, callbacks.clock);
        return new Product<>(requests, EventType.KYC_RESULT.wireName(), "kyc", id -> activities.close(id, VERIFIED),
                id -> activities.close(id, KycVerdict.registryUnavailable()), activities::erasePersonalData,
                KycRequest::personal, "Wanjiku", "27364519");
    }

    @Test
    void givenTheRegistryVerifiedThePerson_closingShouldRecordTheVerdict_keepOnlyWhatTheStatusRecordShows_andCallBack() {
        KycRequest pending = pending();
        String id = pending.id().toString();

        activities.close(id, VERIFIED);

        KycRequest closed = find(pending.id());
        assertThat(closed.status()).isEqualTo(LookupStatus.COMPLETED);
        assertThat(closed.responseCode()).isEqualTo(KycResponseCode.VERIFIED);
        assertThat(closed.responseDesc()).isEqualTo("Identity verified");
        assertThat(closed.nameMatchJson()).contains("\"firstName\":\"MATCHED\"");
        assertThat(closed.completedAt()).isEqualTo(NOW);
        assertThat(closed.personal()).as("the registry knows the ID: it is shown as the registry's")
                .isEqualTo(pending.personal().forStatusRecord("27364519"));
        Event callback = callbacks.event(id);
        assertThat(callback.callbackXmlRoot()).isNull();
        assertThat(callback.dataJson()).as("the status record").contains("\"status\":\"00\"",
                "\"kycRequestFirstName\":\"Wanjiku\"");
    }

    @Test
    void givenTheRegistryDoesNotKnowTheId_closingShouldCompleteTheRequest_withoutTheRegistrysId() {
        KycRequest pending = pending();

        activities.close(pending.id().toString(), KycVerdict.of(KycResponseCode.NOT_FOUND,
                "The national ID is not in the registry", Map.of()));

        KycRequest closed = find(pending.id());
        assertThat(closed.status()).isEqualTo(LookupStatus.COMPLETED);
        assertThat(closed.personal().registryNationalId()).isNull();
        assertThat(closed.personal().dateOfBirth()).as("needed only to ask the registry").isNull();
    }

    @Test
    void givenTheRegistryWasAway_theVerdictShouldSayItWasUnavailable_andTheStatusRecordFailed() {
        KycRequest pending = pending();

        closeUnreachable(pending.id().toString());

        assertThat(find(pending.id()).responseCode()).isEqualTo(KycResponseCode.REGISTRY_UNAVAILABLE);
        assertThat(callbacks.event(pending.id().toString()).dataJson()).contains("\"status\":\"02\"");
    }

    @Test
    void givenNoCallbackUrl_closingShouldPublishNothing() {
        KycRequest pending = insert(null);

        activities.close(pending.id().toString(), VERIFIED);

        assertThat(find(pending.id()).status()).isEqualTo(LookupStatus.COMPLETED);
        assertThat(callbacks.published(pending.id().toString())).isFalse();
    }

    @Override
    protected KycRequest pending() {
        return insert(CALLBACK);
    }

    private KycRequest insert(String callbackUrl) {
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
