package com.paywire.vocabulary.collections;

/** What a client set for its paybill deposits; both URLs optional. */
public record PaybillSettings(String clientId, String callbackUrl, String validationUrl) {
    public static PaybillSettings none(String clientId) {
        return new PaybillSettings(clientId, null, null);
    }
}
