package com.paywire.domain.collections.paybill;

import com.paywire.domain.rails.mobilemoney.C2bProtocol.Answer;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.ShortCodeStore;
import com.paywire.vocabulary.collections.ShortCode;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * Which client a paybill deposit is for. The rail names the paybill (the short code) and the AccountNo the payer
 * typed: a client's AccountNo prefix followed by the client's own reference. The prefix names the client by itself
 * (each client's is its own, and none begins another: {@link ShortCodeStore}); the short code the payer paid must be
 * one issued to that same client, so a payer who mixes one client's paybill with another's prefix is refused rather
 * than credited to either. The payer may type the prefix in either case; the reference is kept as typed.
 * The API asks before the rail moves the money (validation) and the worker again when it records it: a client
 * disabled in between is not credited.
 */
@Component
public class PaybillRouting {

    /** The client's own part of an AccountNo, after its prefix; express deposits' AccountNo follows it too. */
    public static final Pattern ACCOUNT_SUFFIX = Pattern.compile("[A-Za-z0-9-]{1,12}");

    /** Where a deposit goes: to a client, with its own reference, or nowhere, with the rail's code saying why. */
    public sealed interface Route {
    }

    public record Routed(String clientId, String clientReference) implements Route {
    }

    /** @param reason in words, for the operator who finds the deposit in suspense */
    public record Refused(Answer answer, String reason) implements Route {
    }

    private final ShortCodeStore shortCodes;
    private final ApiClientStore clients;

    PaybillRouting(ShortCodeStore shortCodes, ApiClientStore clients) {
        this.shortCodes = shortCodes;
        this.clients = clients;
    }

    public Route route(String shortCode, String accountReference, BigDecimal amount) {
        return decide(shortCodes.find(shortCode), shortCodes.findByAccountNo(accountReference),
                clientId -> clients.find(clientId).isPresent(), accountReference, amount);
    }

    /**
     * The rule itself, handed its facts: the paid short code's holder, the short codes whose prefix begins the
     * AccountNo, and which clients are enabled.
     */
    static Route decide(Optional<ShortCode> shortCode, List<ShortCode> prefixed, Predicate<String> enabled,
                        String accountReference, BigDecimal amount) {
        if (shortCode.isEmpty()) {
            return new Refused(Answer.INVALID_SHORT_CODE, "the short code is issued to no client");
        }
        if (prefixed.isEmpty()) {
            return new Refused(Answer.INVALID_ACCOUNT, "the AccountNo starts with no client's prefix");
        }
        if (prefixed.size() > 1) { // the prefixes are kept prefix-free: this is a broken rule, not a payer's slip
            return new Refused(Answer.INVALID_ACCOUNT, "the AccountNo starts with more than one client's prefix");
        }
        String prefix = prefixed.getFirst().accountPrefix();
        String clientId = prefixed.getFirst().clientId();
        if (!clientId.equals(shortCode.get().clientId())) {
            return new Refused(Answer.INVALID_ACCOUNT, "the AccountNo's prefix " + prefix + " names a client the "
                    + "short code is not issued to");
        }
        String clientReference = accountReference.substring(prefix.length());
        if (!ACCOUNT_SUFFIX.matcher(clientReference).matches()) {
            return new Refused(Answer.INVALID_ACCOUNT, "the AccountNo's reference after the prefix must be 1 to 12 "
                    + "letters, digits or dashes");
        }
        if (!enabled.test(clientId)) {
            return new Refused(Answer.INVALID_ACCOUNT, "the short code's client is disabled");
        }
        if (!AmountLimit.PAYBILL_DEPOSIT.allows(amount) || !hasAtMostTwoDecimals(amount)) {
            return new Refused(Answer.INVALID_AMOUNT, "the amount is outside " + AmountLimit.PAYBILL_DEPOSIT.range()
                    + " or has more than two decimals");
        }
        return new Routed(clientId, clientReference);
    }

    /**
     * At most two decimals as the rail wrote the amount (the rule, not the value): 150.0000 is refused as 1.001 is,
     * though it equals 150.
     */
    static boolean hasAtMostTwoDecimals(BigDecimal amount) {
        return amount.scale() <= Cents.SCALE;
    }
}
