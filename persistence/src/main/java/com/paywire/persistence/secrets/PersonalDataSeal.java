package com.paywire.persistence.secrets;

import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Personal data at rest (national IDs, names, dates of birth, account numbers and holders' names): a record is
 * written as JSON and sealed with {@link SecretCipher}, so a database dump or a query by hand shows none of it.
 */
@Component
public class PersonalDataSeal {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final SecretCipher cipher;

    public PersonalDataSeal(SecretCipher cipher) {
        this.cipher = cipher;
    }

    /** @return the sealed form, or null for null */
    public String seal(Object personalData) {
        return personalData == null ? null : cipher.encrypt(JSON.writeValueAsString(personalData));
    }

    /** @return the record, or null when nothing is kept (never sealed, or erased) */
    public <T> T unseal(String sealed, Class<T> type) {
        return sealed == null ? null : JSON.readValue(cipher.decrypt(sealed), type);
    }

    /** Seals a text as it is (an event's JSON body). */
    public String sealText(String text) {
        return cipher.encrypt(text);
    }

    public String unsealText(String sealed) {
        return cipher.decrypt(sealed);
    }

    /**
     * What may be shown of an identifier in a log or to support: its last {@code visible} characters, the rest
     * starred, and never more than half of it.
     */
    public static String mask(String identifier, int visible) {
        if (identifier == null || identifier.isEmpty()) {
            return "";
        }
        int shown = Math.min(visible, identifier.length() / 2);
        return "*".repeat(identifier.length() - shown) + identifier.substring(identifier.length() - shown);
    }
}
