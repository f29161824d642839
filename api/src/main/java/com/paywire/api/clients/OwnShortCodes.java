package com.paywire.api.clients;

import com.paywire.api.platform.PaywireProperties;
import com.paywire.persistence.collections.ShortCodeStore;
import org.springframework.stereotype.Component;

/**
 * Short codes for clients of one's own, in the sandbox: the next free one of a range of six digits kept for them
 * ({@link #FIRST} to {@link #LAST}), with the sandbox client's AccountNo prefix. A code is only ever issued if free,
 * so neither the sandbox client's nor another client's is taken over; one taken meanwhile by another create moves
 * on to the next.
 */
@Component
class OwnShortCodes {

    static final String FIRST = "600000";
    static final String LAST = "699999";
    /** Each try loses only to a create that issued the same code meanwhile: five in a row is a bug. */
    private static final int ATTEMPTS = 5;

    private final ShortCodeStore shortCodes;
    private final String accountPrefix;

    OwnShortCodes(ShortCodeStore shortCodes, PaywireProperties properties) {
        this.shortCodes = shortCodes;
        this.accountPrefix = properties.sandbox().accountPrefix();
    }

    /** Issues the client the next free code; within the transaction that creates it, so that both or neither stay. */
    ShortCodeStore.ShortCode issueTo(String clientId) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int next = shortCodes.highestBetween(FIRST, LAST).map(code -> Integer.parseInt(code) + 1)
                    .orElse(Integer.parseInt(FIRST));
            if (next > Integer.parseInt(LAST)) {
                throw new IllegalStateException("every short code from " + FIRST + " to " + LAST + " is issued");
            }
            ShortCodeStore.ShortCode code = new ShortCodeStore.ShortCode(String.valueOf(next), clientId,
                    accountPrefix);
            if (shortCodes.issueIfFree(code)) {
                return code;
            }
        }
        throw new IllegalStateException("no free short code after " + ATTEMPTS + " tries");
    }
}
