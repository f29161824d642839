package com.paywire.persistence.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.lookups.AccountHolder;
import com.paywire.vocabulary.lookups.AccountValidation;
import com.paywire.persistence.accountvalidation.AccountValidationStore;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.lookups.KycPersonalData;
import com.paywire.vocabulary.lookups.KycRequest;
import com.paywire.persistence.kyc.KycStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.persistence.notifications.WebhookStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.lookups.LookupStatus;
import com.paywire.vocabulary.notifications.Event;
import com.paywire.vocabulary.notifications.WebhookEndpoint;
import com.paywire.vocabulary.notifications.WebhookStatus;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * One row in every column of {@link SealedColumn#ALL}, written through the stores that write them in the roles,
 * sealed under a given key; and each read back through the same stores under another configuration.
 */
public record SealedRows(String clientId, UUID webhookId, UUID kycId, UUID validationId, UUID eventId) {

    public static final String SIGNING_SECRET = "whsec-rotation-test";
    public static final String CALLBACK_SECRET = "callback-secret-rotation-test";
    public static final KycPersonalData PERSON = new KycPersonalData("Wanjiku", null, "Odhiambo", null, "27364519",
            "SN-1", null, null, null, null, "1990-05-14", null, null, "+254712345678", null, null, null, null);
    public static final AccountHolder HOLDER = new AccountHolder("254712345678", "Wanjiku Odhiambo");
    public static final String EVENT_DATA = "{\"nationalId\":\"27364519\",\"firstName\":\"Wanjiku\"}";

    private static final UUID KYC_ROUTE = UUID.fromString("7084d9cf-08ba-491b-ab39-de9db5ee59d2");

    /** Writes one row of each, sealed with {@code cipher}, for a new client. */
    public static SealedRows seal(JdbcClient jdbc, SecretCipher cipher) {
        Stores stores = new Stores(jdbc, cipher);
        String client = "rotation-" + UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.now();
        stores.clients.register(new ApiClient(client, client, "unused", Set.of("kyc")), List.of());
        stores.clients.setCallbackSecret(client, cipher.encrypt(CALLBACK_SECRET));
        UUID webhook = UUID.randomUUID();
        stores.webhooks.insert(new WebhookEndpoint(webhook, client, "https://merchant.example/hooks",
                List.of("kyc.completed"), null, cipher.encrypt(SIGNING_SECRET), WebhookStatus.ACTIVE, now));
        UUID kyc = UUID.randomUUID();
        stores.kyc.insert(new KycRequest(kyc, client, UUID.randomUUID().toString(), KYC_ROUTE, 1, "KE", "KES",
                "https://merchant.example/kyc", null, "******19", PERSON, LookupStatus.PENDING, null, null, null, null,
                null, false, now));
        UUID validation = UUID.randomUUID();
        stores.validations.insert(new AccountValidation(validation, client, UUID.randomUUID().toString(), 1, "63902",
                "KE", "404", "https://merchant.example/av", "JSON", "2547******78", HOLDER, LookupStatus.PENDING, null,
                null, null, null, null, false, now));
        UUID event = UUID.randomUUID();
        stores.events.recordAndPlan(new Event(event, client, "kyc.completed", "kyc:" + kyc, EVENT_DATA,
                "https://merchant.example/kyc", now, true, null));
        return new SealedRows(client, webhook, kyc, validation, event);
    }

    /** Reads every row back through the stores, with {@code cipher} alone, and finds what was written. */
    public void assertReadableWith(JdbcClient jdbc, SecretCipher cipher) {
        Stores stores = new Stores(jdbc, cipher);
        assertThat(cipher.decrypt(stores.clients.callbackSecret(clientId).orElseThrow())).isEqualTo(CALLBACK_SECRET);
        assertThat(cipher.decrypt(stores.webhooks.find(webhookId).orElseThrow().encryptedSecret()))
                .isEqualTo(SIGNING_SECRET);
        assertThat(stores.kyc.find(kycId).orElseThrow().personal()).isEqualTo(PERSON);
        assertThat(stores.validations.find(validationId).orElseThrow().holder()).isEqualTo(HOLDER);
        assertThat(stores.events.findEvent(eventId).orElseThrow().dataJson()).isEqualTo(EVENT_DATA);
    }

    /** The stores as the roles build them, sealing with {@code cipher}. */
    private static final class Stores {

        final ApiClientStore clients;
        final WebhookStore webhooks;
        final KycStore kyc;
        final AccountValidationStore validations;
        final EventStore events;

        Stores(JdbcClient jdbc, SecretCipher cipher) {
            PersonalDataSeal seal = new PersonalDataSeal(cipher);
            clients = new ApiClientStore(jdbc, new Ledger(jdbc));
            webhooks = new WebhookStore(jdbc);
            kyc = new KycStore(jdbc, seal);
            validations = new AccountValidationStore(jdbc, seal);
            events = new EventStore(jdbc, webhooks, seal);
        }
    }
}
