package com.paywire.domain.rails.mobilemoney;

import com.paywire.domain.rails.RailCallback;
import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailMessageException;
import com.paywire.vocabulary.money.Cents;
import com.paywire.workflows.paybacks.PayBackAnswer;
import com.paywire.workflows.paybacks.PayBackAnswer.State;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The mobile-money rail's reversal of a payment it made (its TransactionReversal), named by the rail's own receipt,
 * asynchronous like its other calls.
 * <ul>
 *   <li>{@code POST /mobile-money/reversals} with {@code Idempotency-Key: <reference>} and {@link #request}
 *       ({@code reference, originalReceipt, amount, msisdn, remarks, callbackUrl}): 2xx accepted
 *       {@code {reference, transactionId, responseCode, responseDescription}}; 4xx refused
 *       {@code {responseCode, responseDescription}}; 5xx or no answer: ask again, the rail deduplicates by the key.</li>
 *   <li>{@code GET /mobile-money/reversals/{reference}}: {@code {status: PENDING|COMPLETED|FAILED, resultCode,
 *       resultDescription, receiptNumber, completedAt}}; 404 never heard of it.</li>
 *   <li>the rail then POSTs the result, with the reference, to {@link #CALLBACK_PATH} on Paywire, with its
 *       {@code X-Rail-Secret}.</li>
 * </ul>
 * Result codes: {@code 0} reversed; {@code R000001} already reversed; {@code R000002} the original receipt is not
 * one the rail can reverse (unknown, or of another amount); {@code R000003} the recipient no longer holds the money
 * (spent it, or moved it on); anything else a refusal too.
 */
public final class ReversalProtocol {

    public static final String REVERSALS_PATH = "/mobile-money/reversals";
    public static final String CALLBACK_PATH = "/rails/mobile-money/reversal-result";
    public static final String REVERSED = "0";

    private ReversalProtocol() {
    }

    public static Map<String, Object> request(String reference, String originalReceipt, BigDecimal amount,
                                              String msisdn, String remarks, String callbackUrl) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("reference", reference);
        body.put("originalReceipt", originalReceipt);
        body.put("amount", Cents.exact(amount).toPlainString());
        body.put("msisdn", msisdn);
        body.put("remarks", remarks);
        body.put("callbackUrl", callbackUrl);
        return body;
    }

    /** A 2xx answer: the rail is reversing it; the result comes by callback. */
    public static PayBackAnswer accepted(RailMessage answer) {
        return new PayBackAnswer(State.ACCEPTED, answer.text("transactionId"), answer.text("responseCode"),
                answer.text("responseDescription"));
    }

    /** A 4xx answer: refused, for good. */
    public static PayBackAnswer refused(RailMessage answer) {
        return new PayBackAnswer(State.REFUSED, null, answer.text("responseCode"), answer.text("responseDescription"));
    }

    /** A status answer: pending, or the final result. */
    public static PayBackAnswer status(RailMessage answer) {
        if ("PENDING".equalsIgnoreCase(answer.text("status"))) {
            return new PayBackAnswer(State.PENDING, null, null, "the rail is reversing it");
        }
        return result(answer);
    }

    /** A result callback as received; a body that breaks the protocol is a {@code RailMessageException}. */
    public static RailCallback<Result> readCallback(String raw) {
        RailMessage body = RailMessage.parse(raw);
        return new RailCallback<>(new Result(body.reference(), result(body)), body.json());
    }

    /** A callback's result, with the reference (the pay-back's id) it names. */
    public record Result(String reference, PayBackAnswer answer) {
    }

    /** A final result; one without its code is refused as the rail's mistake, never read as a refusal. */
    private static PayBackAnswer result(RailMessage body) {
        String code = body.text("resultCode");
        if (code == null || code.isBlank()) {
            throw new RailMessageException("The body has no resultCode");
        }
        return new PayBackAnswer(REVERSED.equals(code) ? State.PAID : State.REFUSED, body.text("receiptNumber"), code,
                body.text("resultDescription"));
    }
}
