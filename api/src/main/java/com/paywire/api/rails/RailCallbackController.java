package com.paywire.api.rails;

import com.paywire.api.errors.ReasonException;
import com.paywire.domain.collections.paybill.PaybillDeposits;
import com.paywire.domain.disputes.CardDisputes;
import com.paywire.domain.paybacks.PayBacks;
import com.paywire.domain.rails.PayoutRailProtocol;
import com.paywire.domain.rails.RailCallbacks;
import com.paywire.domain.rails.RailCallbacks.Kept;
import com.paywire.domain.rails.RailCallbacks.OtherRailsPayment;
import com.paywire.domain.rails.RailCallback;
import com.paywire.domain.rails.RailMessageException;
import com.paywire.domain.rails.bank.BankTransferProtocol;
import com.paywire.domain.rails.cardprocessor.DisputeNoticeProtocol;
import com.paywire.domain.rails.mobilemoney.B2cPayoutProtocol;
import com.paywire.domain.rails.mobilemoney.C2bProtocol;
import com.paywire.domain.payouts.reversals.PayoutReversals;
import com.paywire.domain.rails.mobilemoney.ReversalProtocol;
import com.paywire.domain.rails.mobilemoney.StkPushProtocol;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.collections.PromptResult;
import com.paywire.workflows.payouts.RailResult;
import io.swagger.v3.oas.annotations.Hidden;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
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
 * shared secret in {@code X-Rail-Secret}; the rail's protocol (in the rail's package under the domain's
 * {@code rails}) reads the body into a typed {@link RailCallback}, strictly, before anything is signalled or kept; {@link RailCallbacks} signals the result to the payment's
 * workflow and keeps the raw callback; a paybill's validation and confirmation go to {@link PaybillDeposits}. A callback naming another rail's payment is a security event: logged here
 * and answered 403.
 */
@Hidden
@RestController
class RailCallbackController {

    static final String SECRET_HEADER = "X-Rail-Secret";
    private static final Logger log = LoggerFactory.getLogger(RailCallbackController.class);

    private final RailCallbacks callbacks;
    private final RailCallbackProperties secrets;
    private final PaybillDeposits paybillDeposits;
    private final PayBacks payBacks;
    private final PayoutReversals payoutReversals;

    private final CardDisputes disputes;

    RailCallbackController(RailCallbacks callbacks, RailCallbackProperties secrets, PaybillDeposits paybillDeposits,
                           PayBacks payBacks, PayoutReversals payoutReversals, CardDisputes disputes) {
        this.callbacks = callbacks;
        this.secrets = secrets;
        this.paybillDeposits = paybillDeposits;
        this.payBacks = payBacks;
        this.payoutReversals = payoutReversals;
        this.disputes = disputes;
    }

    /**
     * The card processor's dispute notification: a dispute opened (recorded once and debited by its workflow, however
     * often repeated) or decided (signalled to it). An unknown capture or dispute answers 404, nothing written.
     */
    @PostMapping(DisputeNoticeProtocol.CALLBACK_PATH)
    Map<String, Object> cardDispute(@RequestHeader(value = SECRET_HEADER, required = false) String secret,
                                    @RequestBody String body) {
        authenticate(secrets.cardProcessorSecret(), secret);
        CardDisputes.Received received = disputes.notified(read(DisputeNoticeProtocol::read, body).result());
        return Map.of("received", true, "disputeId", received.disputeId(), "recorded", received.recorded(),
                "matched", received.matched());
    }

    /**
     * A B2C payout's result: a payout line's, or a pay-back's paid to the payer's phone (its reference the
     * pay-back's id, which no line has), signalled to the pay-back's workflow.
     */
    @PostMapping(B2cPayoutProtocol.CALLBACK_PATH)
    Map<String, Object> mobileMoneyResult(@RequestHeader(value = SECRET_HEADER, required = false) String secret,
                                          @RequestBody String body) {
        authenticate(secrets.mobileMoneySecret(), secret);
        RailCallback<RailResult> callback = read(PayoutRailProtocol.of(Rail.MOBILE_MONEY)::readCallback, body);
        if (payBacks.isPayBack(callback.result().reference())) {
            boolean matched = payBacks.railAnswer(callback.result().reference(),
                    PayBacks.answerOf(callback.result()));
            return Map.of("received", true, "matched", matched);
        }
        return payoutResult(Rail.MOBILE_MONEY, body);
    }

    /** The result of a reversal the mobile-money rail was asked for (a pay-back's), signalled to its workflow. */
    @PostMapping(ReversalProtocol.CALLBACK_PATH)
    Map<String, Object> reversalResult(@RequestHeader(value = SECRET_HEADER, required = false) String secret,
                                       @RequestBody String body) {
        authenticate(secrets.mobileMoneySecret(), secret);
        RailCallback<ReversalProtocol.Result> callback = read(ReversalProtocol::readCallback, body);
        String reference = callback.result().reference();
        // a payout reversal's reference has its prefix; a pay-back's is its id
        boolean matched = PayoutReversals.isPayoutReversal(reference)
                ? payoutReversals.railAnswer(reference, callback.result().answer())
                : payBacks.railAnswer(reference, callback.result().answer());
        if (!matched) {
            log.warn("Reversal callback for {} matched no running pay-back or payout reversal; kept in the log only",
                    reference);
        }
        return Map.of("received", true, "matched", matched);
    }

    @PostMapping(BankTransferProtocol.CALLBACK_PATH)
    Map<String, Object> bankResult(@RequestHeader(value = SECRET_HEADER, required = false) String secret,
                                   @RequestBody String body) {
        authenticate(secrets.bankSecret(), secret);
        return payoutResult(Rail.BANK, body);
    }

    /** The payer's answer to a phone prompt; the reference is the deposit's systemConversationId. */
    @PostMapping(StkPushProtocol.CALLBACK_PATH)
    Map<String, Object> stkResult(@RequestHeader(value = SECRET_HEADER, required = false) String secret,
                                  @RequestBody String body) {
        authenticate(secrets.mobileMoneySecret(), secret);
        RailCallback<PromptResult> callback = read(StkPushProtocol::readCallback, body);
        return received(callbacks.promptResult(callback.result(), callback.json()));
    }

    /**
     * The rail asks, before it moves a payer's money to a paybill, whether the AccountNo names a client who takes
     * it. Answered from the database alone, so well within the few seconds the rail waits (C2bProtocol).
     */
    @PostMapping(C2bProtocol.VALIDATION_PATH)
    Map<String, Object> paybillValidation(@RequestHeader(value = SECRET_HEADER, required = false) String secret,
                                          @RequestBody String body) {
        authenticate(secrets.mobileMoneySecret(), secret);
        return paybillDeposits.validate(read(C2bProtocol::readValidation, body)).body();
    }

    /**
     * The rail says a payer paid a paybill: recorded once per receipt, and credited by its workflow; an amount with
     * more than two decimals is answered with the rail's refusal (C2B00013), as its validation is, and nothing is
     * kept.
     */
    @PostMapping(C2bProtocol.CONFIRMATION_PATH)
    Map<String, Object> paybillConfirmation(@RequestHeader(value = SECRET_HEADER, required = false) String secret,
                                            @RequestBody String body) {
        authenticate(secrets.mobileMoneySecret(), secret);
        C2bProtocol.Answer answer = paybillDeposits.confirm(read(C2bProtocol::readConfirmation, body));
        return answer == C2bProtocol.Answer.ACCEPTED ? C2bProtocol.confirmed() : answer.body();
    }

    private Map<String, Object> payoutResult(Rail rail, String body) {
        RailCallback<RailResult> callback = read(PayoutRailProtocol.of(rail)::readCallback, body);
        return switch (callbacks.payoutResult(rail, callback.result(), callback.json())) {
            case Kept kept -> received(kept);
            case OtherRailsPayment other -> {
                log.warn("Security: a {} callback named payout line {} of the {} rail; refused, nothing changed",
                        rail, other.reference(), other.lineRail());
                throw new ReasonException(HttpStatus.FORBIDDEN, "The reference is not a payment of this rail");
            }
        };
    }

    private static Map<String, Object> received(Kept kept) {
        return Map.of("received", true, "matched", kept.matched());
    }

    private static void authenticate(String expectedSecret, String secret) {
        if (secret == null || !MessageDigest.isEqual(expectedSecret.getBytes(StandardCharsets.UTF_8),
                secret.getBytes(StandardCharsets.UTF_8))) {
            throw new ReasonException(HttpStatus.UNAUTHORIZED, "Unknown rail: " + SECRET_HEADER + " is missing or wrong");
        }
    }

    /** A body that breaks the rail's protocol is the rail's mistake (or not a rail at all): 400. */
    private static <R> R read(Function<String, R> reader, String body) {
        try {
            return reader.apply(body);
        } catch (RailMessageException refused) {
            throw new ReasonException(HttpStatus.BAD_REQUEST, "The callback is refused: " + refused.getMessage());
        }
    }
}
