package com.paywire.domain.checkout;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.cards.CardPayments;
import com.paywire.domain.cards.CardPayments.Authorisation;
import com.paywire.persistence.cards.CardTransaction;
import com.paywire.workflows.checkout.AttemptOutcome;
import com.paywire.workflows.checkout.AttemptOutcome.ThirdParty;
import com.paywire.workflows.checkout.CardAttempt;
import com.paywire.workflows.checkout.CheckoutCommand;
import com.paywire.workflows.checkout.CheckoutResults;
import com.paywire.workflows.cards.CardTransactionStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * A card attempt at a checkout order, through the card domain: authorise the total (screened for fraud), then
 * capture it all. The attempt's id is the authorisation's RequestId and names the capture and any void, so
 * running this again for the same attempt answers what happened the first time and charges once.
 */
@Component
public class CardCheckout {

    private static final Logger log = LoggerFactory.getLogger(CardCheckout.class);

    private final CardPayments cards;

    public CardCheckout(CardPayments cards) {
        this.cards = cards;
    }

    /**
     * Fraud screening's card velocity counts per vaulted card, and every tokenisation vaults the card anew, so
     * screening does not wear the sandbox's test cards out.
     */
    public AttemptOutcome charge(CheckoutCommand order, CardAttempt attempt) {
        CardTransaction authorisation;
        try {
            authorisation = cards.authorise(order.clientId(), new Authorisation(attempt.attemptId(),
                    order.totalAmount(), order.currency(), attempt.transientToken(), null,
                    attempt.payerAuthenticationId(), true, attempt.billingCountry()));
        } catch (InvalidInputException unusable) {
            // the token expired or was used meanwhile, or the 3-D Secure id does not match: the payer starts again
            String reason = unusable.problems().getFirst().message();
            return new AttemptOutcome(false, CheckoutResults.CARD_DETAILS_UNUSABLE, reason,
                    new ThirdParty(null, reason, null));
        }
        if (!CardTransactionStatus.valueOf(authorisation.status()).approved()) {
            return new AttemptOutcome(false, authorisation.errorCode(), authorisation.errorMessage(),
                    new ThirdParty(authorisation.responseCode(), authorisation.errorMessage(), authorisation.id()));
        }
        CardPayments.Outcome capture = cards.capture(order.clientId(), authorisation.id(), order.totalAmount(),
                attempt.attemptId() + "-capture");
        if (capture instanceof CardPayments.Done captured) {
            return new AttemptOutcome(true, null, null, new ThirdParty(authorisation.responseCode(),
                    "Authorised and captured", captured.id()));
        }
        CardPayments.Refused refused = (CardPayments.Refused) capture;
        log.warn("Checkout {}: capture of {} refused ({}); releasing the authorisation", order.checkoutId(),
                authorisation.id(), refused.message());
        cards.voidAuthorisation(order.clientId(), authorisation.id(), attempt.attemptId() + "-void");
        return new AttemptOutcome(false, CheckoutResults.CAPTURE_REFUSED, refused.message(),
                new ThirdParty(authorisation.responseCode(), refused.message(), authorisation.id()));
    }
}
