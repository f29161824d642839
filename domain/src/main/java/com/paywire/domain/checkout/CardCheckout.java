package com.paywire.domain.checkout;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.cards.CardIds;
import com.paywire.domain.cards.CardPayments.Authorisation;
import com.paywire.domain.cards.CardPayments;
import com.paywire.vocabulary.cards.CardTransaction;
import com.paywire.vocabulary.cards.CardTransactionType;
import com.paywire.workflows.cards.CardAuthorisationCommand.ForCheckout;
import com.paywire.workflows.checkout.AttemptOutcome.ThirdParty;
import com.paywire.workflows.checkout.AttemptOutcome;
import com.paywire.workflows.checkout.CardAttempt;
import com.paywire.workflows.checkout.CardCharge;
import com.paywire.workflows.checkout.CheckoutCommand;
import com.paywire.workflows.checkout.CheckoutResults;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * A card attempt at a checkout order, through the card domain: authorise the total (screened for fraud), then
 * capture it all. The attempt's id is the authorisation's RequestId and names the capture, any void and any refund,
 * so running this again for the same attempt answers what happened the first time and charges once.
 */
@Component
public class CardCheckout {

    private static final Logger log = LoggerFactory.getLogger(CardCheckout.class);
    /** The suffixes of the attempt's id that make the RequestIds of its capture, void and refund. */
    private static final String CAPTURE = "-capture";
    private static final String VOID = "-void";
    private static final String REFUND = "-refund";

    private final CardPayments cards;

    public CardCheckout(CardPayments cards) {
        this.cards = cards;
    }

    /**
     * The authorisation a card attempt runs as the checkout's child ({@code checkoutWorkflowId}): that workflow
     * authorises, captures and signals the checkout. Card details that can no longer be used are the outcome.
     */
    public CardCharge open(CheckoutCommand order, CardAttempt attempt, String checkoutWorkflowId) {
        try {
            return new CardCharge(cards.commandForCheckout(order.clientId(), authorisation(order, attempt),
                    forCheckout(order, attempt, checkoutWorkflowId)), null);
        } catch (InvalidInputException unusable) {
            return new CardCharge(null, unusable(unusable));
        }
    }

    /**
     * For attempts begun before attempts were child workflows: authorises, then captures by Update, here.
     * Fraud screening's card velocity counts per vaulted card, and every tokenisation vaults the card anew, so
     * screening does not wear the sandbox's test cards out.
     */
    public AttemptOutcome charge(CheckoutCommand order, CardAttempt attempt) {
        CardTransaction authorisation;
        try {
            authorisation = cards.authorise(order.clientId(), authorisation(order, attempt),
                    forCheckout(order, attempt, null));
        } catch (InvalidInputException unusable) {
            return unusable(unusable);
        }
        if (!authorisation.status().approved()) {
            return new AttemptOutcome(false, authorisation.errorCode(), authorisation.errorMessage(),
                    new ThirdParty(authorisation.responseCode(), authorisation.errorMessage(), authorisation.id()));
        }
        CardPayments.Outcome capture = cards.capture(order.clientId(), authorisation.id(), order.totalAmount(),
                attempt.attemptId() + CAPTURE);
        if (capture instanceof CardPayments.Done captured) {
            return new AttemptOutcome(true, null, null, new ThirdParty(authorisation.responseCode(),
                    "Authorised and captured", captured.id()));
        }
        CardPayments.Refused refused = (CardPayments.Refused) capture;
        log.warn("Checkout {}: capture of {} refused ({}); releasing the authorisation", order.checkoutId(),
                authorisation.id(), refused.message());
        cards.voidAuthorisation(order.clientId(), authorisation.id(), attempt.attemptId() + VOID);
        return new AttemptOutcome(false, CheckoutResults.CAPTURE_REFUSED, refused.message(),
                new ThirdParty(authorisation.responseCode(), refused.message(), authorisation.id()));
    }

    private static Authorisation authorisation(CheckoutCommand order, CardAttempt attempt) {
        return new Authorisation(attempt.attemptId(), order.totalAmount(), order.currency(), attempt.transientToken(),
                null, attempt.payerAuthenticationId(), true, attempt.billingCountry());
    }

    /** The checkout's money is credited by the checkout; the ids are the attempt's, so that a retry reuses them. */
    private static ForCheckout forCheckout(CheckoutCommand order, CardAttempt attempt, String checkoutWorkflowId) {
        String client = order.clientId();
        String attemptId = attempt.attemptId();
        return new ForCheckout(order.checkoutId(), checkoutWorkflowId, attemptId,
                CardIds.of(CardTransactionType.CAPTURE, client, attemptId + CAPTURE), attemptId + CAPTURE,
                CardIds.of(CardTransactionType.VOID, client, attemptId + VOID), attemptId + VOID,
                CardIds.of(CardTransactionType.REFUND, client, attemptId + REFUND), attemptId + REFUND);
    }

    /** The token expired or was used meanwhile, or the 3-D Secure id does not match: the payer starts again. */
    private static AttemptOutcome unusable(InvalidInputException unusable) {
        String reason = unusable.problems().getFirst().message();
        return new AttemptOutcome(false, CheckoutResults.CARD_DETAILS_UNUSABLE, reason, new ThirdParty(null, reason, null));
    }
}
