package com.paywire.activities.lookups;

import static com.paywire.activities.CallbackHarness.NOW;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.CallbackHarness;
import com.paywire.activities.UnusedRails;
import com.paywire.vocabulary.lookups.PersonalDataRequest;
import com.paywire.persistence.PersonalDataTable;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.lookups.LookupStatus;
import com.paywire.vocabulary.notifications.Event;
import com.paywire.workflows.FailureType;
import io.temporal.failure.ApplicationFailure;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What the record activities of every personal-data lookup must do ({@link LookupRecords}), on a real PostgreSQL:
 * close once and call back once, fail an unknown request as a broken invariant, erase the personal data with the
 * callback event's and keep the outcome. Each product's test extends this with its own rules.
 *
 * @param <T> the product's request
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
public abstract class LookupRecordsContract<T extends PersonalDataRequest> {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    protected EventStore events;
    @Autowired
    protected ApiClientStore clients;
    @Autowired
    protected TransactionTemplate transaction;

    protected CallbackHarness callbacks;
    private Product<T> product;

    /**
     * What the contract needs of a product.
     *
     * @param store               the product's store
     * @param callbackEvent       the event type of its result callback
     * @param keyPrefix           the prefix of its events' ordering key
     * @param closeAnswered       closes a request with the rail's answer
     * @param closeUnreachable    closes a request as when the rail was away for the whole window
     * @param erasePersonalData   the erase activity
     * @param personalData        the request's personal data as stored, null once erased
     * @param personalDataInClear text of the personal data that the callback event may hold only until erased
     */
    public record Product<T extends PersonalDataRequest>(PersonalDataTable<T> store, String callbackEvent,
                                                         String keyPrefix, Consumer<String> closeAnswered,
                                                         Consumer<String> closeUnreachable,
                                                         Consumer<String> erasePersonalData,
                                                         Function<T, Object> personalData,
                                                         String... personalDataInClear) {
    }

    @BeforeEach
    void startCallbacks() {
        callbacks = new CallbackHarness(events);
        product = buildActivities();
    }

    @AfterEach
    void stopCallbacks() {
        callbacks.close();
    }

    /** Builds the activities under test with {@link #callbacks}' publisher and clock. */
    protected abstract Product<T> buildActivities();

    /** A request of a new client, pending, whose personal data is stored and which asks for a callback. */
    protected abstract T pending();

    protected T find(UUID id) {
        return product.store().find(id).orElseThrow();
    }

    protected void closeAnswered(String id) {
        product.closeAnswered().accept(id);
    }

    protected void closeUnreachable(String id) {
        product.closeUnreachable().accept(id);
    }

    @Test
    void givenTheRailAnswered_theCallbackShouldBeTheProductsEvent_sealed_andDeliveredToTheCallbackUrl() {
        T request = pending();
        String id = request.id().toString();

        closeAnswered(id);

        Event callback = callbacks.event(id);
        assertThat(callback.type()).isEqualTo(product.callbackEvent());
        assertThat(callback.clientId()).isEqualTo(request.clientId());
        assertThat(callback.orderingKey()).isEqualTo(product.keyPrefix() + ":" + id);
        assertThat(callback.personal()).as("sealed at rest").isTrue();
        assertThat(callbacks.deliveredTo(id)).containsExactly(request.callbackUrl());
    }

    @Test
    void givenAClosedRequest_closingItAgain_shouldKeepTheFirstOutcome_andCallBackOnce() {
        T request = pending();
        String id = request.id().toString();
        closeAnswered(id);

        closeUnreachable(id);

        assertThat(find(request.id()).status()).isEqualTo(LookupStatus.COMPLETED);
        assertThat(callbacks.deliveredTo(id)).containsExactly(request.callbackUrl());
    }

    @Test
    void givenTheRailWasAwayForTheWholeWindow_closingShouldFailTheRequest_andStillCallBack() {
        T request = pending();

        closeUnreachable(request.id().toString());

        assertThat(find(request.id()).status()).isEqualTo(LookupStatus.FAILED);
        assertThat(callbacks.deliveredTo(request.id().toString())).containsExactly(request.callbackUrl());
    }

    @Test
    void givenNoSuchRequest_closingShouldFailAsABrokenInvariant() {
        assertThatThrownBy(() -> closeAnswered(UUID.randomUUID().toString()))
                .isInstanceOfSatisfying(ApplicationFailure.class, failure -> {
                    assertThat(failure.getType()).isEqualTo(FailureType.INVARIANT_VIOLATED.name());
                    assertThat(failure.isNonRetryable()).isTrue();
                });
    }

    @Test
    void erasingShouldForgetThePerson_inTheRequestAndInItsCallbackEvent_andKeepTheOutcome() {
        T request = pending();
        String id = request.id().toString();
        closeAnswered(id);
        assertThat(callbacks.event(id).dataJson()).contains(product.personalDataInClear());

        product.erasePersonalData().accept(id);

        T erased = find(request.id());
        assertThat(product.personalData().apply(erased)).isNull();
        assertThat(erased.status()).isEqualTo(LookupStatus.COMPLETED);
        assertThat(erased.personalDataErasedAt()).isEqualTo(NOW);
        assertThat(callbacks.event(id).dataJson()).doesNotContain(product.personalDataInClear()).contains("erased");
    }
}
