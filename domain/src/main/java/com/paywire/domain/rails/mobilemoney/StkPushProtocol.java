package com.paywire.domain.rails.mobilemoney;

import com.paywire.domain.rails.RailCallback;
import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailMessageException;
import com.paywire.vocabulary.money.Cents;
import com.paywire.workflows.collections.DepositCommand;
import com.paywire.workflows.collections.PromptAcknowledgement;
import com.paywire.workflows.collections.PromptResult;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The mobile-money rail's phone prompt, behind express deposits.
 * <ul>
 *   <li>{@code POST /mobile-money/stk-push} with {@code Idempotency-Key: <reference>} and {@link #request}: 2xx
 *       {@code {merchantRequestId, checkoutRequestId, responseCode, responseDescription}}; 4xx a refusal
 *       {@code {resultCode, resultDesc}}.</li>
 *   <li>{@code GET /mobile-money/stk-push/{reference}}: {@code {status: PENDING|ANSWERED, resultCode, resultDesc,
 *       receiptNumber, transactionDate}}; 404 never heard of it.</li>
 *   <li>the payer's answer arrives by POST to {@link #CALLBACK_PATH} with the same fields and the reference.</li>
 * </ul>
 * The rail's result codes are the deposit's public ones (see {@link PromptResult}); {@link #depositStatus} says
 * what each means for the deposit.
 */
public final class StkPushProtocol {

    public static final String PROMPTS_PATH = "/mobile-money/stk-push";
    public static final String CALLBACK_PATH = "/rails/mobile-money/stk-result";

    private StkPushProtocol() {
    }

    public static Map<String, Object> request(DepositCommand deposit, String callbackUrl) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("reference", deposit.depositId());
        body.put("msisdn", deposit.phoneNumber());
        body.put("amount", Cents.exact(deposit.amount()).toPlainString());
        body.put("accountReference", deposit.accountReference());
        body.put("description", deposit.description());
        body.put("callbackUrl", callbackUrl);
        return body;
    }

    /** A 2xx answer: the payer is being prompted. */
    public static PromptAcknowledgement accepted(RailMessage answer) {
        return new PromptAcknowledgement(true, answer.text("merchantRequestId"), answer.text("checkoutRequestId"),
                null);
    }

    /** A 4xx answer: the prompt was refused, and that is the deposit's result. */
    public static PromptAcknowledgement refused(String depositId, RailMessage answer) {
        return new PromptAcknowledgement(false, null, null, new PromptResult(depositId, PromptResult.State.ANSWERED,
                answer.text("resultCode"), answer.text("resultDesc"), null, null));
    }

    /** A status answer: pending, or the payer's answer. */
    public static PromptResult status(String reference, RailMessage answer) {
        if ("PENDING".equalsIgnoreCase(answer.text("status"))) {
            return PromptResult.pending(reference);
        }
        return result(reference, answer);
    }

    /** A result callback; its reference is the deposit's id. Every field is read before the result is used. */
    public static PromptResult callback(RailMessage body) {
        return result(body.reference(), body);
    }

    /** A result callback as received; a body that breaks the protocol is a {@link RailMessageException}. */
    public static RailCallback<PromptResult> readCallback(String raw) {
        RailMessage body = RailMessage.parse(raw);
        return new RailCallback<>(callback(body), body.json());
    }

    private static PromptResult result(String reference, RailMessage body) {
        return new PromptResult(reference, PromptResult.State.ANSWERED, body.text("resultCode"),
                body.text("resultDesc"), body.text("receiptNumber"), body.text("transactionDate"));
    }
}
