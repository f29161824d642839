package com.paywire.api.rails;

import static com.paywire.api.platform.Values.uuid;

import com.paywire.api.errors.ReasonException;
import com.paywire.persistence.collections.Deposit;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.payouts.PayoutLineRow;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.collections.ExpressDepositWorkflow;
import com.paywire.workflows.collections.PromptResult;
import com.paywire.workflows.payouts.PaymentOrderLineWorkflow;
import com.paywire.workflows.payouts.Rail;
import com.paywire.workflows.payouts.RailCodes;
import com.paywire.workflows.payouts.RailResult;
import io.swagger.v3.oas.annotations.Hidden;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowNotFoundException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where rails deliver their asynchronous results. Outside the client API: each rail authenticates with its own
 * shared secret in {@code X-Rail-Secret}. The raw callback is kept, then signalled to the line's workflow,
 * whose ID follows from the reference. Duplicate and late callbacks are normal: the workflow ignores them.
 */
@Hidden
@RestController
class RailCallbackController {

    static final String SECRET_HEADER = "X-Rail-Secret";
    private static final Logger log = LoggerFactory.getLogger(RailCallbackController.class);

    private final PayoutStore payouts;
    private final DepositStore deposits;
    private final WorkflowClient temporal;
    private final RailCallbackProperties secrets;
    private final JsonMapper json;

    RailCallbackController(PayoutStore payouts, DepositStore deposits, WorkflowClient temporal,
                           RailCallbackProperties secrets, JsonMapper json) {
        this.payouts = payouts;
        this.deposits = deposits;
        this.temporal = temporal;
        this.secrets = secrets;
        this.json = json;
    }

    @PostMapping("/rails/mobile-money/b2c-result")
    Map<String, Object> mobileMoneyResult(@RequestHeader(value = SECRET_HEADER, required = false) String secret,
                                          @RequestBody String body) {
        return receive(Rail.MOBILE_MONEY, secrets.mobileMoneySecret(), secret, body);
    }

    /** The payer's answer to a phone prompt; the reference is the deposit's systemConversationId. */
    @PostMapping("/rails/mobile-money/stk-result")
    Map<String, Object> stkResult(@RequestHeader(value = SECRET_HEADER, required = false) String secret,
                                  @RequestBody String body) {
        RailCallbackBody callback = authenticatedBody(secrets.mobileMoneySecret(), secret, body);
        String reference = callback.reference();
        PromptResult result = new PromptResult(reference, PromptResult.State.ANSWERED, callback.text("resultCode"),
                callback.text("resultDesc"), callback.text("receiptNumber"), callback.text("transactionDate"));
        Optional<Deposit> deposit = uuid(reference).flatMap(deposits::find);
        boolean matched = false;
        if (deposit.isPresent()) {
            try {
                temporal.newWorkflowStub(ExpressDepositWorkflow.class, WorkflowIds.expressDeposit(
                        deposit.get().clientId(), deposit.get().originatorConversationId())).promptResult(result);
                matched = true;
            } catch (WorkflowNotFoundException closed) {
                log.warn("STK callback for {} found no running workflow; kept", reference);
            }
        }
        payouts.recordRailCallback("MOBILE_MONEY_STK", reference, callback.json(), matched);
        return Map.of("received", true, "matched", matched);
    }

    @PostMapping("/rails/bank/transfer-result")
    Map<String, Object> bankResult(@RequestHeader(value = SECRET_HEADER, required = false) String secret,
                                   @RequestBody String body) {
        return receive(Rail.BANK, secrets.bankSecret(), secret, body);
    }

    private Map<String, Object> receive(Rail rail, String expectedSecret, String secret, String body) {
        RailCallbackBody callback = authenticatedBody(expectedSecret, secret, body);
        String reference = callback.reference();
        // read and type-check every field before anything is signalled or stored
        RailResult result = RailCodes.finalResult(rail, reference, callback.text("resultCode"),
                callback.text("resultDescription"), callback.text("receiptNumber"), callback.text("recipientName"),
                callback.amount("walletBalance"), callback.text("completedAt"));
        Optional<PayoutLineRow> line = payouts.findLine(reference);
        if (line.isPresent() && !rail.name().equals(line.get().rail())) {
            // a rail's secret moves only that rail's payments: anything else is forged or misrouted
            log.warn("Security: a {} callback named payout line {} of the {} rail; refused, nothing changed",
                    rail, reference, line.get().rail());
            throw new ReasonException(HttpStatus.FORBIDDEN, "The reference is not a payment of this rail");
        }
        boolean matched = line.isPresent() && signal(rail, line.get(), reference, result);
        payouts.recordRailCallback(rail.name(), reference, callback.json(), matched);
        return Map.of("received", true, "matched", matched);
    }

    private boolean signal(Rail rail, PayoutLineRow line, String reference, RailResult result) {
        try {
            temporal.newWorkflowStub(PaymentOrderLineWorkflow.class,
                    WorkflowIds.payoutLine(line.clientId(), reference)).railResult(result);
            return true;
        } catch (WorkflowNotFoundException closed) {
            log.warn("{} callback for {} found no running workflow; kept for reconciliation", rail, reference);
            return false;
        }
    }

    private RailCallbackBody authenticatedBody(String expectedSecret, String secret, String body) {
        if (secret == null || !MessageDigest.isEqual(expectedSecret.getBytes(StandardCharsets.UTF_8),
                secret.getBytes(StandardCharsets.UTF_8))) {
            throw new ReasonException(HttpStatus.UNAUTHORIZED, "Unknown rail: " + SECRET_HEADER + " is missing or wrong");
        }
        return RailCallbackBody.parse(json, body);
    }
}
