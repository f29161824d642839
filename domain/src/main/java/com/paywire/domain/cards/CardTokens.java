package com.paywire.domain.cards;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.rails.cardprocessor.CardVault;
import com.paywire.persistence.cards.CardStore;
import com.paywire.vocabulary.cards.CardSummary;
import com.paywire.vocabulary.rules.FieldProblem;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.springframework.stereotype.Service;

/**
 * Turns a card the payer typed into a transient token: checks it (Luhn, network, expiry, security code), hands it
 * to the vault, and keeps only the vault's reference and the card summary. The browser tokenisation endpoint and
 * the hosted checkout page both come here; nothing else sees a card number.
 */
@Service
public class CardTokens {

    /** How long a transient token may be redeemed (once). */
    public static final Duration LIFETIME = Duration.ofMinutes(15);

    private final CardVault vault;
    private final CardStore cards;
    private final Clock clock;

    CardTokens(CardVault vault, CardStore cards, Clock clock) {
        this.vault = vault;
        this.cards = cards;
        this.clock = clock;
    }

    public record TransientToken(String token, Instant expiresAt, CardSummary card) {
    }

    /**
     * @param allowedNetworks the networks this payment accepts (VISA, MASTERCARD, AMEX)
     * @throws InvalidInputException naming Number, ExpiryMonth, ExpiryYear or SecurityCode; never their values
     */
    public TransientToken tokenise(String clientId, CardVault.CardDetails typed, Collection<String> allowedNetworks) {
        String digits = typed.number().replaceAll("[\\s-]", "");
        List<FieldProblem> problems = new ArrayList<>();
        boolean wellFormed = digits.matches("\\d{12,19}");
        String network = wellFormed ? CardNumbers.network(digits) : null;
        if (!wellFormed || !CardNumbers.passesLuhn(digits)) {
            problems.add(new FieldProblem("Number", "The card number is not valid."));
        } else if (network == null || !allowedNetworks.contains(network)) {
            problems.add(new FieldProblem("Number", "This card network is not accepted here."));
        }
        boolean monthValid = typed.expiryMonth().matches("0[1-9]|1[0-2]");
        if (!monthValid) {
            problems.add(new FieldProblem("ExpiryMonth", "The ExpiryMonth is two digits, 01 to 12."));
        }
        if (!typed.expiryYear().matches("\\d{4}")) {
            problems.add(new FieldProblem("ExpiryYear", "The ExpiryYear is four digits."));
        } else if (monthValid && expired(Integer.parseInt(typed.expiryYear()), Integer.parseInt(typed.expiryMonth()))) {
            problems.add(new FieldProblem("ExpiryYear", "The card has expired."));
        }
        if (!typed.securityCode().matches("\\d{3,4}")) {
            problems.add(new FieldProblem("SecurityCode", "The SecurityCode is 3 or 4 digits."));
        }
        if (!problems.isEmpty()) {
            throw new InvalidInputException(null, problems);
        }
        String instrumentId = vault.vault(new CardVault.CardDetails(digits, typed.expiryMonth(), typed.expiryYear(),
                typed.securityCode()));
        String token = "tt_" + CardIds.randomHex(24);
        Instant expiresAt = clock.instant().plus(LIFETIME);
        CardSummary card = new CardSummary(instrumentId, network, digits.substring(digits.length() - 4),
                typed.expiryMonth(), typed.expiryYear());
        cards.saveTransientToken(token, clientId, card, OffsetDateTime.ofInstant(expiresAt, ZoneOffset.UTC));
        return new TransientToken(token, expiresAt, card);
    }

    private boolean expired(int year, int month) {
        OffsetDateTime now = OffsetDateTime.now(clock.withZone(ZoneOffset.UTC));
        return year < now.getYear() || (year == now.getYear() && month < now.getMonthValue());
    }
}
