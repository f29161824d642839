package com.paywire.workflows.cards;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * An authorisation to run. The card is the vault's reference plus its summary: the card number never enters
 * a workflow (it would be kept in Temporal's history).
 *
 * @param requestId           the client's RequestId, echoed as OrderId; the processor's idempotency key
 * @param fraudScreenId       the id of this authorisation's fraud screen, when one was asked for
 * @param authorisationExpiry an authorisation neither captured nor voided by then is voided at the processor
 * @param fraudScreening      present when the workflow screens the authorisation before authorising (absent in
 *                            commands of older APIs, which screened before starting the workflow)
 * @param checkout            present when the authorisation is a checkout's card attempt (absent in commands from
 *                            before cards were on the ledger)
 * @param historyEventLimit   how many events a run may record before it continues as new; null for
 *                            {@link com.paywire.workflows.Policies#CARD_PAYMENT_HISTORY_LIMIT} (tests set a small one)
 * @param carried             null for the first run; for a run continued as new, the state the last one handed on
 */
public record CardAuthorisationCommand(String clientId, String authorisationId, String requestId, BigDecimal amount,
                                       String currency, String processorInstrumentId, String network,
                                       String lastFour, String expiryMonth, String expiryYear,
                                       String payerAuthenticationId, String cavv, String fraudScreenId,
                                       Duration authorisationExpiry, long createdAtMillis,
                                       FraudScreening fraudScreening, ForCheckout checkout,
                                       Integer historyEventLimit, CardPaymentState carried) {

    /** A first run's command, with the usual history limit. */
    public CardAuthorisationCommand(String clientId, String authorisationId, String requestId, BigDecimal amount,
                                    String currency, String processorInstrumentId, String network, String lastFour,
                                    String expiryMonth, String expiryYear, String payerAuthenticationId, String cavv,
                                    String fraudScreenId, Duration authorisationExpiry, long createdAtMillis,
                                    FraudScreening fraudScreening, ForCheckout checkout) {
        this(clientId, authorisationId, requestId, amount, currency, processorInstrumentId, network, lastFour,
                expiryMonth, expiryYear, payerAuthenticationId, cavv, fraudScreenId, authorisationExpiry,
                createdAtMillis, fraudScreening, checkout, null, null);
    }

    /** The same authorisation, for the next run, carrying what this one knows. */
    public CardAuthorisationCommand continuing(CardPaymentState state) {
        return new CardAuthorisationCommand(clientId, authorisationId, requestId, amount, currency,
                processorInstrumentId, network, lastFour, expiryMonth, expiryYear, payerAuthenticationId, cavv,
                fraudScreenId, authorisationExpiry, createdAtMillis, fraudScreening, checkout, historyEventLimit, state);
    }

    /** What the screen needs beyond the payment itself. */
    public record FraudScreening(String billingCountry) {
    }

    /**
     * A checkout's card attempt. The checkout credits the merchant when the order completes, so its capture credits
     * nothing. With {@code checkoutWorkflowId} the attempt is the checkout's child: the workflow captures the whole
     * amount itself under the ids given here and signals the outcome to the checkout; without it (attempts begun
     * before attempts were children) the checkout captures by Update.
     */
    public record ForCheckout(String checkoutId, String checkoutWorkflowId, String attemptId, String captureId,
                              String captureRequestId, String voidId, String voidRequestId, String refundId,
                              String refundRequestId) {
    }
}
