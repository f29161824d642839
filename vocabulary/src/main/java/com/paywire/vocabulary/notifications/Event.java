package com.paywire.vocabulary.notifications;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * What happened to a client's payment, as its webhooks and its callback URL are told.
 *
 * @param personal        the data holds personal data: it is stored sealed, and read back in clear
 * @param callbackXmlRoot when set, the callback URL gets the data as XML under this root element (webhooks
 *                        always get JSON)
 */
public record Event(UUID id, String clientId, String type, String orderingKey, String dataJson,
                    String callbackUrl, OffsetDateTime createdAt, boolean personal, String callbackXmlRoot) {

    public Event(UUID id, String clientId, String type, String orderingKey, String dataJson, String callbackUrl,
                 OffsetDateTime createdAt) {
        this(id, clientId, type, orderingKey, dataJson, callbackUrl, createdAt, false, null);
    }
}
