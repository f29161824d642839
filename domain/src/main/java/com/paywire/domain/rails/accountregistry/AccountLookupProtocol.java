package com.paywire.domain.rails.accountregistry;

import com.paywire.domain.rails.RailMessage;
import com.paywire.workflows.accountvalidation.LookupOutcome;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The account-holder lookup that mobile-money operators and banks both offer, behind account validation. Wallets
 * are looked up on the mobile-money rail, bank accounts on the bank rail, at the same path:
 * <ul>
 *   <li>{@code POST /mobile-money/accounts/lookup} or {@code POST /bank/accounts/lookup} with
 *       {@code Idempotency-Key: <reference>} and {@link #request}: 200
 *       {@code {reference, transactionId, accountName, accountStatus: ACTIVE|INACTIVE}}; 404
 *       {@code {reference, transactionId}} the institution does not hold the account.</li>
 * </ul>
 * The account number goes in the body, never in the path.
 */
public final class AccountLookupProtocol {

    public static final String WALLET_LOOKUP_PATH = "/mobile-money/accounts/lookup";
    public static final String BANK_LOOKUP_PATH = "/bank/accounts/lookup";
    public static final int MOBILE_WALLET = 1;
    public static final int BANK_ACCOUNT = 2;

    private AccountLookupProtocol() {
    }

    /** What the institution said: the outcome in Paywire's codes, and the holder's name when it gave one. */
    public record Answer(LookupOutcome outcome, String holderName) {
    }

    public static String path(int validationType) {
        return validationType == MOBILE_WALLET ? WALLET_LOOKUP_PATH : BANK_LOOKUP_PATH;
    }

    public static Map<String, Object> request(String reference, String institutionCode, String accountNumber) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("reference", reference);
        body.put("institutionCode", institutionCode);
        body.put("accountNumber", accountNumber);
        return body;
    }

    /** A 200 answer. */
    public static Answer found(RailMessage answer) {
        String name = answer.text("accountName");
        if ("INACTIVE".equalsIgnoreCase(answer.text("accountStatus"))) {
            return new Answer(new LookupOutcome(LookupOutcome.INACTIVE, "The account cannot receive funds",
                    answer.text("transactionId")), name);
        }
        if (name == null || name.isBlank()) {
            throw new com.paywire.domain.rails.RailMessageException("The answer names no account holder");
        }
        return new Answer(new LookupOutcome(LookupOutcome.FOUND, "The account is valid", answer.text("transactionId")),
                name.strip());
    }

    /** A 404 answer. */
    public static Answer notFound(RailMessage answer) {
        return new Answer(new LookupOutcome(LookupOutcome.NOT_FOUND, "The account does not exist at the institution",
                answer.text("transactionId")), null);
    }
}
