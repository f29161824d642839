package com.paywire.domain.clients;

import com.paywire.persistence.collections.ShortCodeStore;
import com.paywire.vocabulary.collections.ShortCode;
import java.util.Optional;

/**
 * Short codes for clients of one's own, in the sandbox: the next free one of a range of six digits kept for them
 * ({@link #FIRST} to {@link #LAST}), with an AccountNo prefix of the client's own, so that the prefix alone names
 * the client. A prefix is three letters, the next after the highest three-letter prefix issued ({@link #FIRST_PREFIX}
 * first), skipping any that begins with a prefix issued (the sandbox client's {@code PW}) or begins one: the set of
 * prefixes stays prefix-free, and two three-letter prefixes never begin one another. A code and a prefix are only
 * ever issued if free, so neither the sandbox client's nor another client's is taken over; one taken meanwhile by
 * another create moves on to the next.
 */
class OwnShortCodes {

    static final String FIRST = "600000";
    static final String LAST = "699999";
    static final String FIRST_PREFIX = "AAA";
    private static final int PREFIX_LETTERS = FIRST_PREFIX.length();
    /** Each try loses only to a create that issued the same code or prefix meanwhile: five in a row is a bug. */
    private static final int ATTEMPTS = 5;

    private final ShortCodeStore shortCodes;

    OwnShortCodes(ShortCodeStore shortCodes) {
        this.shortCodes = shortCodes;
    }

    /**
     * Issues the client the next free code and prefix; within the transaction that creates it, so that both or
     * neither stay.
     */
    ShortCode issueTo(String clientId) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int next = shortCodes.highestBetween(FIRST, LAST).map(code -> Integer.parseInt(code) + 1)
                    .orElse(Integer.parseInt(FIRST));
            if (next > Integer.parseInt(LAST)) {
                throw new IllegalStateException("every short code from " + FIRST + " to " + LAST + " is issued");
            }
            ShortCode code = new ShortCode(String.valueOf(next), clientId,
                    nextPrefix());
            if (shortCodes.issueIfFree(code)) {
                return code;
            }
        }
        throw new IllegalStateException("no free short code and prefix after " + ATTEMPTS + " tries");
    }

    private String nextPrefix() {
        Optional<String> candidate = shortCodes.highestPrefixOfLetters(PREFIX_LETTERS).map(OwnShortCodes::after)
                .orElse(Optional.of(FIRST_PREFIX));
        while (candidate.isPresent() && !shortCodes.prefixFree(candidate.get())) {
            candidate = after(candidate.get());
        }
        return candidate.orElseThrow(() -> new IllegalStateException("every " + PREFIX_LETTERS
                + "-letter AccountNo prefix after the highest issued is taken"));
    }

    /** The next prefix of as many letters in alphabetical order (AAZ, ABA), none after the last. */
    static Optional<String> after(String prefix) {
        char[] letters = prefix.toCharArray();
        for (int i = letters.length - 1; i >= 0; i--) {
            if (letters[i] < 'Z') {
                letters[i]++;
                return Optional.of(new String(letters));
            }
            letters[i] = 'A';
        }
        return Optional.empty();
    }
}
