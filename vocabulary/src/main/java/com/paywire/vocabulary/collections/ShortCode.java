package com.paywire.vocabulary.collections;

/** A short code issued to a client, with the AccountNo prefix that names the client by itself. */
public record ShortCode(String shortCode, String clientId, String accountPrefix) {
}
