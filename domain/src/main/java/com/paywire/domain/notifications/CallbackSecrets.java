package com.paywire.domain.notifications;

import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.secrets.SecretCipher;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The secret each client's callbacks, checkout returns and paybill validation requests are signed with, in clear:
 * the one place that reads and decrypts it. Every client the operator creates gets one (the sandbox client's is
 * configured); a client without one cannot be signed for, so {@link #require} says how to give it one.
 */
@Component
public class CallbackSecrets {

    private final ApiClientStore clients;
    private final SecretCipher cipher;

    public CallbackSecrets(ApiClientStore clients, SecretCipher cipher) {
        this.clients = clients;
        this.cipher = cipher;
    }

    /** The client's callback secret; empty when it has none. */
    public Optional<String> find(String clientId) {
        return clients.callbackSecret(clientId).map(cipher::decrypt);
    }

    /** @throws IllegalStateException when the client has none, naming the operation that gives it one */
    public String require(String clientId) {
        return find(clientId).orElseThrow(() -> new IllegalStateException("client " + clientId + " has no callback"
                + " secret to sign with: an operator gives it one with POST /v1/admin/clients/{id}/callback-secret"));
    }
}
