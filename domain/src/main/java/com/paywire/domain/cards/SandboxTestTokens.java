package com.paywire.domain.cards;

import com.paywire.domain.rails.cardprocessor.CardVault;
import com.paywire.vocabulary.cards.CardSummary;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The sandbox's test tokens (docs/sandbox.md#test-tokens): names a client may send as a TransientToken in place of one
 * a browser made, each standing for one of the sandbox's test cards, and never used up. A test card is vaulted on its
 * token's first use and is the same card every time after, so that a 3-D Secure setup and the authorisation that
 * follows it name one card. Only where the sandbox is enabled: elsewhere a test token is as unknown as any other.
 */
@Component
public class SandboxTestTokens {

    /** Each test token, as a client sends it, and the test card it stands for (docs/sandbox.md#cards). */
    enum TestToken {
        VISA_AUTHORISED("tok_sandbox_visa_authorised", "4111111111111111"),
        MASTERCARD_CHALLENGE("tok_sandbox_mastercard_challenge", "5555555555554444"),
        VISA_DECLINED("tok_sandbox_visa_declined", "4000000000000002"),
        VISA_INSUFFICIENT_FUNDS("tok_sandbox_visa_insufficient_funds", "4000000000009995"),
        /** Authorised and captured, then disputed by its cardholder (the rails simulator notifies it 3 s later). */
        VISA_DISPUTE("tok_sandbox_visa_dispute", "4000000000000259");

        private final String token;
        private final String number;

        TestToken(String token, String number) {
            this.token = token;
            this.number = number;
        }

        static Optional<TestToken> named(String token) {
            return Arrays.stream(values()).filter(t -> t.token.equals(token)).findFirst();
        }
    }

    /** How many years ahead a test card expires: any future expiry is accepted, as for a typed test card. */
    private static final int YEARS_VALID = 4;

    private final boolean sandbox;
    private final CardVault vault;
    private final Clock clock;
    private final Map<TestToken, CardSummary> vaulted = new ConcurrentHashMap<>();

    SandboxTestTokens(@Value("${paywire.sandbox.enabled:false}") boolean sandbox, CardVault vault, Clock clock) {
        this.sandbox = sandbox;
        this.vault = vault;
        this.clock = clock;
    }

    /**
     * @return the test card this token stands for, or empty when it is no test token or the sandbox is not enabled
     * @throws com.paywire.domain.UnavailableException when the vault does not answer a test card's first use
     */
    public Optional<CardSummary> card(String transientToken) {
        if (!sandbox) {
            return Optional.empty();
        }
        return TestToken.named(transientToken).map(test -> vaulted.computeIfAbsent(test, this::vault));
    }

    private CardSummary vault(TestToken test) {
        String expiryMonth = "12";
        String expiryYear = String.valueOf(ZonedDateTime.now(clock.withZone(ZoneOffset.UTC)).getYear() + YEARS_VALID);
        String instrumentId = vault.vault(new CardVault.CardDetails(test.number, expiryMonth, expiryYear, "123"));
        return new CardSummary(instrumentId, CardNumbers.network(test.number),
                test.number.substring(test.number.length() - 4), expiryMonth, expiryYear);
    }
}
