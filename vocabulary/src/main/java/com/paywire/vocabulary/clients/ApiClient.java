package com.paywire.vocabulary.clients;

import java.util.Set;

/** A merchant or fintech that calls the API with OAuth2 client credentials. The secret is only ever held hashed. */
public record ApiClient(String clientId, String name, String secretHash, Set<String> scopes) {
}
