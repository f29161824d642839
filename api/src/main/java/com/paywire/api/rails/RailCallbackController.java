package com.paywire.api.rails;

import static com.paywire.domain.platform.Values.uuid;

import com.paywire.api.errors.ReasonException;
import com.paywire.domain.rails.PayoutRailProtocol;
import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailMessageException;
import com.paywire.domain.rails.banktransfer.BankTransferProtocol;
import com.paywire.domain.rails.b2c.B2cPayoutProtocol;
import com.paywire.domain.rails.stkpush.StkPushProtocol;
import com.paywire.persistence.collections.Deposit;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.payouts.PayoutLineRow;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.collections.ExpressDepositWorkflow;
import com.paywire.workflows.collections.PromptResult;
import com.paywire.workflows.payouts.PaymentOrderLineWorkflow;
import com.paywire.workflows.payouts.Rail;
import com.paywire.workflows.payouts.RailResult;
import io.swagger.v3.oas.annotations.Hidden;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowNotFoundException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * Where rails deliver their asynchronous results. Outside the client API: each rail authenticates with its own
 * shared secret in {@code X-Rail-Secret}; the rail's protocol (in the domain's {@code rails} packages) reads the
 * body, strictly, before anything is signalled or kept; the result is signalled to the payment's workflow and the
 * raw callback kept. Duplicate and late callbacks are normal: the workflow ignores them.
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

    RailCallbackController(PayoutStore payouts, DepositStore deposits, WorkflowClient temporal,
                           RailCallbackProperties secrets) {
        this.payouts = payouts;
        this.deposits = deposits;
        this.temporal = temporal;
        this.secrets = secrets;
    }

    @PostMapping(B2cPayoutProtocol.CALLBACK_PATH)
    Map<String, Object> mobileMoneyResult(@RequestHeader(value = SECRET_HEADER, required = false) String secret,
                                          @RequestBody String body) {
        authenticate(secrets.mobileMoneySecret(), secret);
        return payoutResult(B2cPayoutProtocol.INSTANCE, body);
    }

    @PostMapping(BankTransferProtocol.CALLBACK_PATH)
    Map<String, Object> bankResult(@RequestHeader(value = SECRET_HEADER, required = false) String secret,
                                   @RequestBody String body) {
        authenticate(secrets.bankSecret(), secret);
        return payoutResult(BankTransferProtocol.INSTANCE, body);
    }

    /** The payer's answer to a phone prompt; the reference is the deposit's systemConversationId. */
    @PostMapping(StkPushProtocol.CALLBACK_PATH)
    Map<String, Object> stkResult(@RequestHeader(value = SECRET_HEADER, required = false) String secret,
                                  @RequestBody String body) {
        authenticate(secrets.mobileMoneySecret(), secret);
        RailMessage callback = read(body);
        PromptResult result = readAs(StkPushProtocol::callback, callback);
        Optional<Deposit> deposit = uuid(result.reference()).flatMap(deposits::find);
        boolean matched = false;
        if (deposit.isPresent()) {
            try {
                temporal.newWorkflowStub(ExpressDepositWorkflow.class, WorkflowIds.expressDeposit(
                        deposit.get().clientId(), deposit.get().originatorConversationId())).promptResult(result);
                matched = true;
            } catch (WorkflowNotFoundException closed) {
                log.warn("STK callback for {} found no running workflow; kept", result.reference());
            }
        }
        payouts.recordRailCallback("MOBILE_MONEY_STK", result.reference(), callback.json(), matched);
        return Map.of("received", true, "matched", matched);
    }

    private Map<String, Object> payoutResult(PayoutRailProtocol protocol, String body) {
        Rail rail = protocol.rail();
        RailMessage callback = read(body);
        RailResult result = readAs(protocol::callback, callback);
        String reference = result.reference();
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

    private static void authenticate(String expectedSecret, String secret) {
        if (secret == null || !MessageDigest.isEqual(expectedSecret.getBytes(StandardCharsets.UTF_8),
                secret.getBytes(StandardCharsets.UTF_8))) {
            throw new ReasonException(HttpStatus.UNAUTHORIZED, "Unknown rail: " + SECRET_HEADER + " is missing or wrong");
        }
    }

    private static RailMessage read(String body) {
        return readAs(RailMessage::parse, body);
    }

    /** A body that breaks the rail's protocol is the rail's mistake (or not a rail at all): 400. */
    private static <T, R> R readAs(Function<T, R> reader, T body) {
        try {
            return reader.apply(body);
        } catch (RailMessageException refused) {
            throw new ReasonException(HttpStatus.BAD_REQUEST, "The callback is refused: " + refused.getMessage());
        }
    }
}
