package com.paywire.domain.rails.airtime;

import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailMessageException;
import com.paywire.vocabulary.money.Cents;
import com.paywire.workflows.airtime.TopUpOutcome;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The networks' airtime rail, behind airtime purchases. One call per recipient, answered at once:
 * <ul>
 *   <li>{@code POST /airtime/topups} with {@code Idempotency-Key: <reference>} and {@link #request}
 *       {@code {reference, network, phoneNumber, amount, currency}}, where {@code network} is SAFARICOM, AIRTEL
 *       or TELKOM;</li>
 *   <li>200 {@code {reference, status: "SUCCESS", receiptNumber}}: the number was topped up;</li>
 *   <li>a 4xx other than 408 and 429 {@code {reference, status: "REFUSED", reasonCode, reasonDesc}}: the network
 *       refused, and asking again would not change that; {@code reasonCode} {@code INVALID_NUMBER} when the number
 *       is not one of its subscribers;</li>
 *   <li>5xx, 408, 429, no answer or a body that does not follow this: the network is away; ask again with the same
 *       key, and the network tops up once.</li>
 * </ul>
 * A top-up the network did not answer may still have been made, so before deciding Paywire asks:
 * <ul>
 *   <li>{@code POST /airtime/topups/status} with the top-up's own {@link #request} (the network finds the top-up
 *       under the number it was for);</li>
 *   <li>200 with the top-up's answer as above ({@code SUCCESS} with its receipt, {@code REFUSED} with its reason),
 *       or {@code {reference, status: "PENDING"}} while the network has not settled it;</li>
 *   <li>404: the network never received the top-up, and, as nothing is sent again, never will;</li>
 *   <li>anything else: the network is away; ask again later.</li>
 * </ul>
 */
public final class AirtimeRailProtocol {

    public static final String TOPUP_PATH = "/airtime/topups";
    public static final String STATUS_PATH = "/airtime/topups/status";
    public static final String INVALID_NUMBER = "INVALID_NUMBER";

    private AirtimeRailProtocol() {
    }

    public static Map<String, Object> request(String reference, String network, String phoneNumber,
                                              BigDecimal amount, String currency) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("reference", reference);
        body.put("network", network);
        body.put("phoneNumber", phoneNumber);
        body.put("amount", Cents.exact(amount).toPlainString());
        body.put("currency", currency);
        return body;
    }

    /** A 200 answer to the status query: the top-up's outcome, or null while the network has not settled it. */
    public static TopUpOutcome status(String reference, RailMessage answer) {
        checkReference(reference, answer);
        String status = answer.text("status");
        if ("PENDING".equals(status)) {
            return null;
        }
        if ("REFUSED".equals(status)) {
            return refused(reference, answer);
        }
        return toppedUp(reference, answer); // SUCCESS, or no answer at all
    }

    /** A 404 to the status query: the network never received the top-up. */
    public static TopUpOutcome neverReceived(String reference) {
        return TopUpOutcome.networkUnavailable(reference);
    }

    /** A 200 answer: a top-up with its receipt. */
    public static TopUpOutcome toppedUp(String reference, RailMessage answer) {
        checkReference(reference, answer);
        if (!"SUCCESS".equals(answer.text("status"))) {
            throw new RailMessageException("A 200 answer must say status SUCCESS");
        }
        String receipt = answer.text("receiptNumber");
        if (receipt == null || receipt.isBlank()) {
            throw new RailMessageException("The answer names no receipt");
        }
        return new TopUpOutcome(reference, TopUpOutcome.SUCCESS, "The number was topped up", receipt.strip());
    }

    /** A refusal (4xx): the network will not top the number up. */
    public static TopUpOutcome refused(String reference, RailMessage answer) {
        checkReference(reference, answer);
        String reason = answer.text("reasonCode");
        String description = answer.text("reasonDesc");
        if (INVALID_NUMBER.equals(reason)) {
            return new TopUpOutcome(reference, TopUpOutcome.INVALID_NUMBER,
                    "The number cannot receive airtime from its network", null);
        }
        return new TopUpOutcome(reference, TopUpOutcome.REFUSED, description == null || description.isBlank()
                ? "The network refused the top-up" : "The network refused the top-up: " + description.strip(), null);
    }

    /** An answer about another top-up is no answer about this one. */
    private static void checkReference(String reference, RailMessage answer) {
        if (!reference.equals(answer.reference())) {
            throw new RailMessageException("The answer is about another top-up");
        }
    }
}
