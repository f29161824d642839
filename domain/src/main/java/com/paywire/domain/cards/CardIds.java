package com.paywire.domain.cards;

import com.paywire.vocabulary.cards.CardTransactionType;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.UUID;

/** The ids Paywire gives card transactions, screens, tokens and instruments. */
public final class CardIds {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String FRAUD_SCREEN = "fs_";

    private CardIds() {
    }

    /** A stable id for the same client operation: the same RequestId always names the same transaction. */
    public static String of(CardTransactionType type, String clientId, String requestId) {
        return type.idPrefix() + UUID.nameUUIDFromBytes((clientId + "|" + type.name() + "|" + requestId)
                .getBytes(StandardCharsets.UTF_8)).toString().replace("-", "");
    }

    /** The fraud screen of an authorisation: one per authorisation, however often it is asked for. */
    public static String fraudScreenOf(String authorisationId) {
        return FRAUD_SCREEN + authorisationId.substring(CardTransactionType.AUTHORISATION.idPrefix().length());
    }

    /** A screen asked for on its own (POST /fraud/screen): each is a new one. */
    public static String newFraudScreen() {
        return FRAUD_SCREEN + randomHex(12);
    }

    public static String randomHex(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
