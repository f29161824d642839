package com.paywire.workflows.cards;

import io.temporal.activity.ActivityInterface;

/** Fraud screening of an authorisation, keyed by the authorisation: run again, it answers the first screen. */
@ActivityInterface
public interface FraudScreenActivities {

    FraudDecision screenAuthorisation(CardAuthorisationCommand command);
}
