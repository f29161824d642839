package com.paywire.domain.collections.paybill;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.collections.paybill.PaybillRouting.Refused;
import com.paywire.domain.collections.paybill.PaybillRouting.Route;
import com.paywire.domain.collections.paybill.PaybillRouting.Routed;
import com.paywire.domain.platform.Outbox;
import com.paywire.domain.rails.mobilemoney.C2bProtocol.Answer;
import com.paywire.domain.rails.mobilemoney.C2bProtocol.Notification;
import com.paywire.persistence.collections.PaybillDepositStore;
import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.vocabulary.collections.PaybillDeposit;
import com.paywire.vocabulary.collections.PaybillDepositStatus;
import com.paywire.vocabulary.collections.PaybillSettings;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rules.FieldProblem;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.collections.PaybillDepositWorkflow;
import com.paywire.workflows.logging.PaymentContext;
import io.temporal.client.WorkflowClient;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Paybill deposits (C2B) as the API meets them: the rail's validation (answered from the database and, when the
 * client set one, its validation URL, within the rail's few seconds), the rail's confirmation (recorded once per
 * receipt, then handed to its workflow through the outbox), and the client's and operators' queries.
 */
public final class PaybillDeposits {

    /** How many deposits one reference answers at most, newest first. */
    public static final int REFERENCE_MATCHES = 50;
    private static final Logger log = LoggerFactory.getLogger(PaybillDeposits.class);

    private final PaybillDepositStore deposits;
    private final PaybillRouting routing;
    private final MerchantValidation merchants;
    private final UrlPolicy urlPolicy;
    private final WorkflowClient temporal;
    private final Clock clock;

    PaybillDeposits(PaybillDepositStore deposits, PaybillRouting routing, MerchantValidation merchants,
                    UrlPolicy urlPolicy, WorkflowClient temporal, Clock clock) {
        this.deposits = deposits;
        this.routing = routing;
        this.merchants = merchants;
        this.urlPolicy = urlPolicy;
        this.temporal = temporal;
        this.clock = clock;
    }

    /**
     * The rail asks whether it may take the payment: Paywire's routing first (a few indexed reads), then the
     * client's validation URL if it set one, which gets {@link MerchantValidation#WAIT} at most: the answer is
     * within the rail's few seconds. Nothing is written: a validation the rail never follows with a confirmation leaves no trace.
     */
    public Answer validate(Notification payment) {
        Route route = routing.route(payment.shortCode(), payment.accountReference(), payment.amount());
        if (route instanceof Refused refused) {
            log.info("Paybill validation to {} for {} refused: {}", payment.shortCode(), payment.accountReference(),
                    refused.reason());
            return refused.answer();
        }
        Routed routed = (Routed) route;
        String validationUrl = deposits.settings(routed.clientId()).validationUrl();
        return validationUrl == null ? Answer.ACCEPTED
                : merchants.ask(routed.clientId(), validationUrl, payment, routed.clientReference());
    }

    /**
     * The rail says the payment was made: recorded once under its receipt and handed to its workflow; a repeated
     * confirmation finds it recorded and starts nothing new. Whether the client is known is the workflow's to
     * decide: money the rail moved is not refused here for its client. An amount with more than two decimals
     * (1.001, 150.0000) is refused as the validation refuses it, with nothing recorded: the ledger keeps cents, and
     * booking 1.00 of a 1.001 the rail reports would leave the books disagreeing with the rail's.
     *
     * @return {@link Answer#ACCEPTED} once recorded, else {@link Answer#INVALID_AMOUNT}
     */
    public Answer confirm(Notification payment) {
        if (!PaybillRouting.hasAtMostTwoDecimals(payment.amount())) {
            log.warn("Paybill confirmation {} to {} refused: its amount {} has more than two decimals; nothing recorded",
                    payment.receiptNumber(), payment.shortCode(), payment.amount().toPlainString());
            return Answer.INVALID_AMOUNT;
        }
        Optional<Routed> routed = routed(payment.shortCode(), payment.accountReference(), payment.amount());
        PaybillDeposit recorded = deposits.insertOnce(PaybillDeposit.received(UUID.randomUUID(),
                payment.receiptNumber(), payment.shortCode(), payment.accountReference(), payment.amount(),
                payment.phoneNumber(), payment.transactionTime(), routed.map(Routed::clientId).orElse(null),
                routed.map(Routed::clientReference).orElse(null), OffsetDateTime.now(clock)));
        if (!recorded.workflowStarted()) {
            start(recorded);
        }
        return Answer.ACCEPTED;
    }

    /** The outbox's sweep: starts the deposits confirmed a while ago that Temporal has not got yet. */
    public void startStragglers() {
        Outbox.sweep(temporal, clock, "paybill deposits", deposits::findUnstarted, this::start);
    }

    public Optional<PaybillDeposit> findByReceipt(String clientId, String receiptNumber) {
        return deposits.findByReceipt(clientId, receiptNumber);
    }

    /** The client's deposits with this reference of its own (the AccountNo less its prefix), newest first. */
    public List<PaybillDeposit> findByReference(String clientId, String clientReference) {
        return deposits.findByClientReference(clientId, clientReference, REFERENCE_MATCHES);
    }

    /** The deposits held in suspense, for operators. */
    public List<PaybillDeposit> suspended(int limit) {
        return deposits.suspended(limit);
    }

    public PaybillSettings settings(String clientId) {
        return deposits.settings(clientId);
    }

    /**
     * Sets where the client's paybill deposits are announced and the URL asked before they are accepted; null
     * removes one. Each must be a URL Paywire may call (docs/security.md, outbound URLs).
     */
    public PaybillSettings saveSettings(PaybillSettings settings) {
        List<FieldProblem> problems = new ArrayList<>();
        refusal("callbackUrl", settings.callbackUrl(), problems);
        refusal("validationUrl", settings.validationUrl(), problems);
        if (!problems.isEmpty()) {
            throw new InvalidInputException(null, problems);
        }
        deposits.saveSettings(settings, OffsetDateTime.now(clock));
        return deposits.settings(settings.clientId());
    }

    private void refusal(String field, String url, List<FieldProblem> problems) {
        if (url != null) {
            urlPolicy.refusal(url).ifPresent(why -> problems.add(new FieldProblem(field, "The " + field + " " + why + ".")));
        }
    }

    /** The client the payment names, if any: its client sees it at once, and its workflow is found by it. */
    private Optional<Routed> routed(String shortCode, String accountReference, BigDecimal amount) {
        return routing.route(shortCode, accountReference, amount) instanceof Routed routed ? Optional.of(routed)
                : Optional.empty();
    }

    private boolean start(PaybillDeposit deposit) {
        String receipt = deposit.receiptNumber();
        PaybillDepositWorkflow workflow = temporal.newWorkflowStub(PaybillDepositWorkflow.class, Outbox.options(
                WorkflowIds.paybillDeposit(receipt), TaskQueues.COLLECTIONS, "Paybill deposit " + receipt + " to "
                        + deposit.shortCode() + " " + deposit.accountReference(),
                PaymentSearchAttributes.of(Product.PAYBILL_DEPOSIT, deposit.clientId(), receipt,
                        PaybillDepositStatus.RECEIVED)));
        return Outbox.start("paybill deposit", new PaymentContext(deposit.clientId(), receipt, deposit.id().toString()),
                () -> WorkflowClient.start(workflow::record, deposit.id().toString()),
                () -> deposits.markWorkflowStarted(deposit.id()));
    }
}
