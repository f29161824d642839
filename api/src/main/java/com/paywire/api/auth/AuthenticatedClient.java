package com.paywire.api.auth;

import java.util.Set;

/** The caller named by a valid bearer token. Controllers take it as a parameter; every query is scoped by its clientId. */
public record AuthenticatedClient(String clientId, Set<String> scopes) {

    public static final String REQUEST_ATTRIBUTE = AuthenticatedClient.class.getName();
}
