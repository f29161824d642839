package com.paywire.persistence.secrets;

import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * A column that holds {@link SecretCipher}'s output, which {@link SecretsRewrap} moves to the current key. A new
 * column sealed with the secrets key (directly or through {@link PersonalDataSeal}) is added to {@link #ALL}, or
 * a rotation would leave it under a key that is then dropped.
 *
 * @param table      the table
 * @param key        its primary key, by which rows are read in batches
 * @param column     the column
 * @param sealedRows the SQL condition of the rows whose column holds a sealed value
 * @param form       how the sealed value sits in the column
 */
public record SealedColumn(String table, String key, String column, String sealedRows, Form form) {

    /** Every column sealed under the secrets key (V3, V11 and the stores that write them). */
    public static final List<SealedColumn> ALL = List.of(
            // WebhookStore.insert, sealed by Webhooks
            new SealedColumn("webhook_endpoints", "id", "signing_secret", "true", Form.TEXT),
            // ApiClientStore.setCallbackSecret
            new SealedColumn("clients", "client_id", "callback_secret", "callback_secret is not null", Form.TEXT),
            // KycStore: the request's personal data, null once erased
            new SealedColumn("kyc_requests", "id", "personal_data", "personal_data is not null", Form.TEXT),
            // AccountValidationStore: the account and its holder, null once erased
            new SealedColumn("account_validations", "id", "personal_data", "personal_data is not null", Form.TEXT),
            // EventStore: a personal event's data, until erased (then a JSON object in clear)
            new SealedColumn("events", "id", "data", "sealed and data::text like '\"%'", Form.JSON_STRING));

    /** What is read from the column and compared when it is written back. */
    String value() {
        return form == Form.JSON_STRING ? column + "::text" : column;
    }

    /** The column set to a new value, only while it still holds the value read. */
    String update() {
        String newValue = form == Form.JSON_STRING ? "cast(? as json)" : "?";
        return "update " + table + " set " + column + " = " + newValue + " where " + key + " = ? and " + value() + " = ?";
    }

    /** How the sealed value sits in the column. */
    public enum Form {
        /** The column is the sealed text. */
        TEXT,
        /** A {@code json} column holding the sealed text as a JSON string (EventStore's sealed events). */
        JSON_STRING;

        private static final JsonMapper JSON = JsonMapper.builder().build();

        String sealed(String stored) {
            return this == TEXT ? stored : JSON.readValue(stored, String.class);
        }

        String stored(String sealed) {
            return this == TEXT ? sealed : JSON.writeValueAsString(sealed);
        }
    }

    @Override
    public String toString() {
        return table + "." + column;
    }
}
