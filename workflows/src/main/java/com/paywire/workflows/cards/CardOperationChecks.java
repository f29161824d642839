package com.paywire.workflows.cards;

import java.math.BigDecimal;

/**
 * What a capture or a void must find in the authorisation's state, refused as an invalid operation otherwise (a
 * refund's checks are its capture's: {@link CaptureState#requireRefundable}).
 */
final class CardOperationChecks {

    private CardOperationChecks() {
    }

    /** @param captured what the authorisation's captures took so far */
    static void requireCapturable(AuthorisationResult authorisation, boolean voided, BigDecimal captured,
                                  CardAuthorisationCommand command, CardOperation capture) {
        requireAuthorised(authorisation, "captured");
        if (voided) {
            throw CardFailures.invalid("The authorisation was voided; it cannot be captured.");
        }
        if (capture.amount() == null || capture.amount().signum() <= 0) {
            throw CardFailures.invalid("The capture amount must be positive.");
        }
        if (captured.add(capture.amount()).compareTo(command.amount()) > 0) {
            throw CardFailures.invalid("The capture amount " + capture.amount() + " is more than the "
                    + command.amount().subtract(captured) + " " + command.currency() + " left of the authorisation.");
        }
    }

    static void requireVoidable(AuthorisationResult authorisation, boolean voided, BigDecimal captured) {
        requireAuthorised(authorisation, "voided");
        if (voided) {
            throw CardFailures.invalid("The authorisation was already voided.");
        }
        if (captured.signum() > 0) {
            throw CardFailures.invalid("The authorisation was captured; refund the capture instead of voiding.");
        }
    }

    private static void requireAuthorised(AuthorisationResult authorisation, String what) {
        if (authorisation == null || !authorisation.authorised()) {
            throw CardFailures.invalid("The authorisation was not approved; it cannot be " + what + ".");
        }
    }
}
