package com.paywire.api.auth;

import com.paywire.persistence.clients.ApiClient;
import com.paywire.persistence.clients.ApiClientStore;
import java.util.Optional;
import org.springframework.stereotype.Service;

/** Checks client credentials against the stored hash. */
@Service
public class ClientAuthenticator {

    private final ApiClientStore clients;

    public ClientAuthenticator(ApiClientStore clients) {
        this.clients = clients;
    }

    public Optional<ApiClient> authenticate(String clientId, String clientSecret) {
        if (clientId == null || clientId.isBlank() || clientSecret == null || clientSecret.isEmpty()) {
            return Optional.empty();
        }
        return clients.find(clientId).filter(c -> ClientSecretHasher.matches(clientSecret, c.secretHash()));
    }
}
