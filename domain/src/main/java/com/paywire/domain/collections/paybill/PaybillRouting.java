package com.paywire.domain.collections.paybill;

import com.paywire.domain.AmountLimit;
import com.paywire.domain.rails.mobilemoney.C2bProtocol.Answer;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.ShortCodeStore;
import com.paywire.persistence.collections.ShortCodeStore.ShortCode;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * Which client a paybill deposit is for. The rail names the paybill (the short code) and the AccountNo the payer
 * typed: the short code's AccountNo prefix followed by the client's own reference. Short codes are issued to one
 * client each, but every client of one's own shares the sandbox prefix, so the short code names the client and the
 * prefix only confirms it. The payer may type the prefix in either case; the reference is kept as typed.
 * The API asks before the rail moves the money (validation) and the worker again when it records it: a client
 * disabled in between is not credited.
 */
@Component
public class PaybillRouting {

    /** The client's own part of an AccountNo, after its prefix; express deposits' AccountNo follows it too. */
    public static final Pattern ACCOUNT_SUFFIX = Pattern.compile("[A-Za-z0-9-]{1,12}");
    private static final int CENTS = 2;

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
        return decide(shortCodes.find(shortCode), clientId -> clients.find(clientId).isPresent(), accountReference,
                amount);
    }

    /** The rule itself, handed its facts: the short code's holder and which clients are enabled. */
    static Route decide(Optional<ShortCode> shortCode, Predicate<String> enabled, String accountReference,
                        BigDecimal amount) {
        if (shortCode.isEmpty()) {
            return new Refused(Answer.INVALID_SHORT_CODE, "the short code is issued to no client");
        }
        String prefix = shortCode.get().accountPrefix();
        if (accountReference.length() < prefix.length() || !accountReference.substring(0, prefix.length())
                .toUpperCase(Locale.ROOT).equals(prefix.toUpperCase(Locale.ROOT))) {
            return new Refused(Answer.INVALID_ACCOUNT, "the AccountNo does not start with the short code's prefix "
                    + prefix);
        }
        String clientReference = accountReference.substring(prefix.length());
        if (!ACCOUNT_SUFFIX.matcher(clientReference).matches()) {
            return new Refused(Answer.INVALID_ACCOUNT, "the AccountNo's reference after the prefix must be 1 to 12 "
                    + "letters, digits or dashes");
        }
        String clientId = shortCode.get().clientId();
        if (!enabled.test(clientId)) {
            return new Refused(Answer.INVALID_ACCOUNT, "the short code's client is disabled");
        }
        if (!AmountLimit.PAYBILL_DEPOSIT.allows(amount) || amount.stripTrailingZeros().scale() > CENTS) {
            return new Refused(Answer.INVALID_AMOUNT, "the amount is outside " + AmountLimit.PAYBILL_DEPOSIT.range()
                    + " or has more than two decimals");
        }
        return new Routed(clientId, clientReference);
    }
}
