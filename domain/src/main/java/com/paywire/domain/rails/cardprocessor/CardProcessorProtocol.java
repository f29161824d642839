package com.paywire.domain.rails.cardprocessor;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.paywire.vocabulary.money.Cents;
import com.paywire.workflows.cards.ProcessorResult;
import com.paywire.workflows.cards.RefundSettlement;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * The card processor's protocol (Cybersource-like): its paths, requests, answers and result codes. Every body
 * is JSON; every write carries its {@code reference} as idempotency key.
 * <ul>
 *   <li>{@code POST /card-processor/instruments} {@link InstrumentRequest}: 201 {@link InstrumentAnswer} (the vault);</li>
 *   <li>{@code POST /card-processor/payments} {@link PaymentRequest}: 201 {@link Answer} AUTHORIZED, or 402 DECLINED
 *       with responseCode, reason, message;</li>
 *   <li>{@code POST /card-processor/payments/{id}/captures} {@link CaptureRequest}: 201 CAPTURED; a dispute of
 *       the capture is notified later to its {@code disputeCallbackUrl} ({@link DisputeNoticeProtocol});</li>
 *   <li>{@code POST /card-processor/payments/{id}/voids} {@link VoidRequest}: 201 VOIDED;</li>
 *   <li>{@code POST /card-processor/captures/{id}/refunds} {@link RefundRequest}: 202 PENDING;
 *       {@code GET /card-processor/refunds/{id}}: {@link RefundAnswer};</li>
 *   <li>{@code GET /card-processor/requests/{reference}}: the answer already given to that reference, 404 if none;</li>
 *   <li>{@code POST /card-processor/disputes/{id}/evidence} {@link EvidenceRequest} and
 *       {@code POST /card-processor/disputes/{id}/accept}: 200 (its decision comes by Paywire's dispute callback).</li>
 * </ul>
 */
public final class CardProcessorProtocol {

    /** The processor's statuses that refuse a request (besides a 4xx answer). */
    public static final String DECLINED = "DECLINED";
    public static final String REFUSED = "REFUSED";

    private static final String ROOT = "/card-processor";

    private CardProcessorProtocol() {
    }

    public record InstrumentRequest(String number, String expiryMonth, String expiryYear, String securityCode) {
        @Override
        public String toString() {
            return "InstrumentRequest[card details withheld]"; // never in a log
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record InstrumentAnswer(String instrumentId) {
    }

    public record PaymentRequest(String reference, String instrumentId, String amount, String currency, String cavv) {
        public PaymentRequest(String reference, String instrumentId, BigDecimal amount, String currency, String cavv) {
            this(reference, instrumentId, money(amount), currency, cavv);
        }
    }

    /** @param disputeCallbackUrl where the processor notifies a dispute of this capture (Paywire's callback) */
    public record CaptureRequest(String reference, String amount, String disputeCallbackUrl) {
        public CaptureRequest(String reference, BigDecimal amount, String disputeCallbackUrl) {
            this(reference, money(amount), disputeCallbackUrl);
        }
    }

    public record VoidRequest(String reference) {
    }

    public record RefundRequest(String reference, String amount) {
        public RefundRequest(String reference, BigDecimal amount) {
            this(reference, money(amount));
        }
    }

    /**
     * A merchant's evidence on a dispute, as the processor takes it: the dispute's id, and where its decision is
     * to be notified ({@link DisputeNoticeProtocol}).
     */
    public record EvidenceRequest(String id, String explanation, String productDescription, String customerName,
                                  String documentReference, String callbackUrl) {
    }

    /** The processor's answer to a payment, capture, void or refund (and to the lookup of a reference). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Answer(String id, String status, String responseCode, String avsCode, String cvnCode, String reason,
                         String message) {

        /** Refused (a business answer, never retried) or accepted, as the workflow sees it. */
        public ProcessorResult result(int httpStatus) {
            boolean refused = httpStatus >= 400 || DECLINED.equals(status) || REFUSED.equals(status);
            return new ProcessorResult(!refused, id, status, responseCode, avsCode, cvnCode, reason, message);
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record RefundAnswer(String id, RefundSettlement status) {
    }

    public static String instruments() {
        return ROOT + "/instruments";
    }

    public static String payments() {
        return ROOT + "/payments";
    }

    public static String captures(String processorPaymentId) {
        return ROOT + "/payments/" + encode(processorPaymentId) + "/captures";
    }

    public static String voids(String processorPaymentId) {
        return ROOT + "/payments/" + encode(processorPaymentId) + "/voids";
    }

    public static String refunds(String processorCaptureId) {
        return ROOT + "/captures/" + encode(processorCaptureId) + "/refunds";
    }

    public static String refund(String processorRefundId) {
        return ROOT + "/refunds/" + encode(processorRefundId);
    }

    public static String disputeEvidence(String processorDisputeId) {
        return ROOT + "/disputes/" + encode(processorDisputeId) + "/evidence";
    }

    /** {@code GET}: {@code {id, status}}, status NEEDS_RESPONSE, UNDER_REVIEW, WON or LOST; 404 never heard of it. */
    public static String dispute(String processorDisputeId) {
        return ROOT + "/disputes/" + encode(processorDisputeId);
    }

    public static String disputeAcceptance(String processorDisputeId) {
        return ROOT + "/disputes/" + encode(processorDisputeId) + "/accept";
    }

    public static String request(String reference) {
        return ROOT + "/requests/" + encode(reference);
    }

    /** Exact, never rounded: an amount was checked to the cent where it entered, and the processor moves what it is sent. */
    private static String money(BigDecimal amount) {
        return Cents.exact(amount).toPlainString();
    }

    private static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8);
    }
}
