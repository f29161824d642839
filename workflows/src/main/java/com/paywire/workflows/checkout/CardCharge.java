package com.paywire.workflows.checkout;

import com.paywire.workflows.cards.CardAuthorisationCommand;

/**
 * A card attempt made ready: the authorisation to run, or, when the card details can no longer be used, the failed
 * outcome (and no command).
 */
public record CardCharge(CardAuthorisationCommand command, AttemptOutcome unusable) {
}
