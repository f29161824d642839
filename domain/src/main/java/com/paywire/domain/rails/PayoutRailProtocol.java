package com.paywire.domain.rails;

import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.RailResult;
import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * What the payout rails have in common; each rail's own fields, paths and codes are in its package.
 * <ul>
 *   <li>{@code POST {paymentsPath}} with header {@code Idempotency-Key: <reference>} and {@link #request}, the
 *       reference being the line's own ({@link PayoutLineCommand#reference()}), never a client's stan, which another
 *       client may use too: 2xx accepted {@code {transactionId, responseCode, responseDescription}}; 4xx refused
 *       {@code {responseCode, responseDescription}}; 5xx or no answer: ask again, the rail deduplicates by the key.</li>
 *   <li>{@code GET {paymentsPath}/{reference}}: {@code {status: PENDING|COMPLETED|FAILED, resultCode,
 *       resultDescription, receiptNumber, recipientName, walletBalance, completedAt}}; 404 never heard of it.</li>
 *   <li>the rail then POSTs the same result body, with the reference, to {@code callbackPath} on Paywire.</li>
 * </ul>
 * Each rail's protocol lives in the rail's package and is listed in
 * {@code META-INF/services/com.paywire.domain.rails.PayoutRailProtocol}, so this class knows none of them.
 */
public abstract class PayoutRailProtocol {

    private final Rail rail;
    private final String paymentsPath;
    private final String callbackPath;
    private final Map<String, ResultCode> codes;

    /** @param codes the rail's result codes in Paywire's vocabulary */
    protected PayoutRailProtocol(Rail rail, String paymentsPath, String callbackPath, Map<String, ResultCode> codes) {
        this.rail = rail;
        this.paymentsPath = paymentsPath;
        this.callbackPath = callbackPath;
        this.codes = Map.copyOf(codes);
    }

    /**
     * The protocol of a payout line rail; each of {@link Rail#payoutLineRails()} has one (one without is a packaging
     * mistake, found at once).
     */
    public static PayoutRailProtocol of(Rail rail) {
        PayoutRailProtocol protocol = Registered.BY_RAIL.get(rail);
        if (protocol == null) {
            throw new IllegalStateException("No payout protocol is registered for " + rail);
        }
        return protocol;
    }

    /** Read once, when first asked: the protocols are stateless. */
    private static final class Registered {

        static final Map<Rail, PayoutRailProtocol> BY_RAIL = load();

        private static Map<Rail, PayoutRailProtocol> load() {
            Map<Rail, PayoutRailProtocol> byRail = new EnumMap<>(Rail.class);
            for (PayoutRailProtocol protocol : ServiceLoader.load(PayoutRailProtocol.class,
                    PayoutRailProtocol.class.getClassLoader())) {
                if (byRail.put(protocol.rail(), protocol) != null) {
                    throw new IllegalStateException("Two payout protocols are registered for " + protocol.rail());
                }
            }
            return byRail;
        }
    }

    public Rail rail() {
        return rail;
    }

    /** Where payouts are sent and their status asked, on the rail. */
    public String paymentsPath() {
        return paymentsPath;
    }

    /** Where the rail reports results, on Paywire. */
    public String callbackPath() {
        return callbackPath;
    }

    /** The rail's result code in Paywire's vocabulary; a code the rail does not document is a third-party failure. */
    public ResultCode resultCode(String railCode) {
        return railCode == null ? ResultCode.THIRD_PARTY_FAILURE
                : codes.getOrDefault(railCode, ResultCode.THIRD_PARTY_FAILURE);
    }

    /** How the rail names the account paid and its institution. */
    protected abstract void putRecipient(Map<String, Object> body, PayoutLineCommand line);

    /** The payout instruction's body. */
    public Map<String, Object> request(PayoutLineCommand line, String callbackUrl) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("reference", line.reference());
        putRecipient(body, line);
        body.put("amount", Cents.exact(line.amount()).toPlainString());
        body.put("currency", line.currency());
        body.put("remarks", line.remarks());
        body.put("callbackUrl", callbackUrl);
        return body;
    }

    /** A 2xx answer to the instruction. */
    public RailAcknowledgement accepted(RailMessage answer) {
        return new RailAcknowledgement(true, answer.text("transactionId"), answer.text("responseCode"),
                answer.text("responseDescription"), null);
    }

    /** A 4xx answer to the instruction: final, with the refusal read as a result. */
    public RailAcknowledgement refused(String reference, RailMessage answer) {
        String code = answer.text("responseCode");
        String description = answer.text("responseDescription");
        return new RailAcknowledgement(false, null, code, description,
                finalResult(reference, code, description, null, null, null));
    }

    /** A status answer: pending, or the final result. */
    public RailResult status(String reference, RailMessage answer) {
        if ("PENDING".equalsIgnoreCase(answer.text("status"))) {
            return RailResult.pending(reference);
        }
        return result(reference, answer);
    }

    /** A result callback: always final; every field is read before the result is used. */
    public RailResult callback(RailMessage body) {
        return result(body.reference(), body);
    }

    /** A result callback as received; a body that breaks the protocol is a {@link RailMessageException}. */
    public RailCallback<RailResult> readCallback(String raw) {
        RailMessage body = RailMessage.parse(raw);
        return new RailCallback<>(callback(body), body.json());
    }

    /** A final answer, success or failure depending on the rail's code. */
    public RailResult finalResult(String reference, String railCode, String railDescription, String receiptNumber,
                                  String creditPartyName, String completedAt) {
        return finalResult(reference, railCode, railDescription, receiptNumber, creditPartyName, null, completedAt);
    }

    private RailResult result(String reference, RailMessage body) {
        return finalResult(reference, body.text("resultCode"), body.text("resultDescription"),
                body.text("receiptNumber"), body.text("recipientName"), body.amount("walletBalance"),
                body.text("completedAt"));
    }

    private RailResult finalResult(String reference, String railCode, String railDescription, String receiptNumber,
                                   String creditPartyName, BigDecimal walletBalance, String completedAt) {
        ResultCode code = resultCode(railCode);
        return new RailResult(reference, code == ResultCode.SUCCESS ? RailResult.State.COMPLETED
                : RailResult.State.FAILED, code.code(), code.description(), railCode, railDescription, receiptNumber,
                creditPartyName, walletBalance, completedAt);
    }
}
