package com.paywire.domain.collections;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.collections.paybill.PaybillRouting;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.domain.platform.Intake;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.collections.ShortCodeStore;
import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.collections.ShortCode;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.networks.MobileNetwork;
import com.paywire.vocabulary.networks.MobileNumbers;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rules.FieldProblem;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import com.paywire.vocabulary.rules.amounts.Amounts;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.collections.DepositCommand;
import com.paywire.workflows.collections.ExpressDepositWorkflow;
import com.paywire.workflows.logging.PaymentContext;
import io.temporal.api.enums.v1.WorkflowIdReusePolicy;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.common.SearchAttributes;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Validates, records and starts express deposits, for the API and for payment-link pages alike. */
public final class ExpressDeposits {


    private final DepositStore deposits;
    private final ShortCodeStore shortCodes;
    private final UrlPolicy urlPolicy;
    private final WorkflowClient temporal;
    private final CollectionsProperties properties;
    private final Clock clock;
    private final PaymentJournal journal;
    private final Intake intake;

    ExpressDeposits(DepositStore deposits, ShortCodeStore shortCodes, UrlPolicy urlPolicy, WorkflowClient temporal,
                    CollectionsProperties properties, Clock clock, PaymentJournal journal) {
        this.deposits = deposits;
        this.shortCodes = shortCodes;
        this.urlPolicy = urlPolicy;
        this.temporal = temporal;
        this.properties = properties;
        this.clock = clock;
        this.journal = journal;
        this.intake = new Intake("express deposit", "deposit", "OriginatorConversationId", InvalidInputException::of,
                temporal, clock);
    }

    public Deposit accept(String clientId, ExpressDepositSubmission submission) {
        return accept(clientId, submission, null);
    }

    /** @param paymentLinkId the link whose page the payer paid through, or null */
    Deposit accept(String clientId, ExpressDepositSubmission r, UUID paymentLinkId) {
        String ocid = r.originatorConversationId();
        List<FieldProblem> errors = new ArrayList<>();
        Optional<ShortCode> shortCode = shortCodes.find(clientId, r.shortCode());
        if (shortCode.isEmpty()) {
            errors.add(new FieldProblem("ShortCode", "The ShortCode '" + r.shortCode() + "' is not issued to you."));
        }
        BigDecimal amount = amount(r.amount(), errors);
        String phoneNumber = promptedNumber(r.phoneNumber());
        if (phoneNumber == null) {
            errors.add(new FieldProblem("PhoneNumber", MobileNumbers.refusal("PhoneNumber")));
        }
        if (r.accountNo() != null && shortCode.isPresent()) {
            String prefix = shortCode.get().accountPrefix();
            if (!r.accountNo().startsWith(prefix) || !PaybillRouting.ACCOUNT_SUFFIX.matcher(r.accountNo().substring(prefix.length())).matches()) {
                errors.add(new FieldProblem("AccountNo", "The AccountNo must be your prefix '" + prefix
                        + "' followed by 1 to 12 letters, digits or dashes."));
            }
        }
        if (r.callBackUrl() != null && paymentLinkId == null) { // a link's was checked when the link was saved
            urlPolicy.refusal(r.callBackUrl()).ifPresent(why -> errors.add(new FieldProblem("CallBackUrl", "The CallBackUrl " + why + ".")));
        }
        redirect("SuccessRedirectUrl", r.successRedirectUrl(), errors);
        redirect("FailedRedirectUrl", r.failedRedirectUrl(), errors);
        if (r.currency() != null && !Currencies.KES.equalsIgnoreCase(r.currency())) {
            errors.add(new FieldProblem("Currency", "The Currency must be KES."));
        }
        if (r.mccmnc() != null && MobileNetwork.ofMccmnc(r.mccmnc()).isEmpty()) {
            errors.add(new FieldProblem("mccmnc", "The mccmnc '" + r.mccmnc() + "' is not on the published list."));
        }
        if (!errors.isEmpty()) {
            throw new InvalidInputException(ocid, errors);
        }
        Deposit deposit = new Deposit(UUID.randomUUID(), clientId, ocid, r.shortCode(), r.accountNo(), amount,
                phoneNumber, r.transactionDesc(), r.callBackUrl(), r.type(), r.successRedirectUrl(),
                r.failedRedirectUrl(), r.serviceCode(), r.currency() == null ? Currencies.KES : r.currency().toUpperCase(),
                r.firstName(), r.lastName(), r.mccmnc(), paymentLinkId, null, null, DepositStatus.PENDING, null, null, null,
                null, false, OffsetDateTime.now(clock));
        intake.record(ocid, () -> deposits.insert(deposit));
        PaymentJournal.Payment payment = PaymentJournal.Payment.of(deposit);
        payment.ids().putForTheRequest();
        journal.accepted(payment, amount, deposit.currency());
        start(deposit);
        return deposit;
    }

    /** One of the short codes issued to the client, which its express deposits may name. */
    public Optional<ShortCode> anyShortCodeOf(String clientId) {
        return shortCodes.anyOf(clientId);
    }

    public Optional<Deposit> find(String clientId, String originatorConversationId) {
        return deposits.find(clientId, originatorConversationId);
    }

    /** Hands the deposit to Temporal; when Temporal is away, the sweep does it later (outbox, as for payouts). */
    private boolean start(Deposit deposit) {
        WorkflowStub workflow = temporal.newUntypedWorkflowStub(ExpressDepositWorkflow.WORKFLOW_TYPE, WorkflowOptions.newBuilder()
                .setWorkflowId(WorkflowIds.expressDeposit(deposit.clientId(), deposit.originatorConversationId()))
                .setTaskQueue(TaskQueues.COLLECTIONS)
                .setWorkflowIdReusePolicy(WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE)
                .setTypedSearchAttributes(searchAttributes(deposit, DepositStatus.PENDING))
                .build());
        String reference = deposit.accountNo() != null ? deposit.accountNo() : deposit.originatorConversationId();
        DepositCommand command = new DepositCommand(deposit.id().toString(), deposit.clientId(),
                deposit.originatorConversationId(), deposit.phoneNumber(), deposit.amount(), reference,
                deposit.transactionDesc(), properties.promptWindow());
        return intake.start(new PaymentContext(deposit.clientId(),
                        deposit.originatorConversationId(), deposit.id().toString()),
                () -> workflow.start(command),
                () -> deposits.markWorkflowStarted(deposit.id()));
    }

    /**
     * What the deposit's workflows (its own, and a late prompt's) are found by: a payment link's payments are that
     * product's. {@code status} is the one the workflow starts in, or null for one that keeps no status.
     */
    public static SearchAttributes searchAttributes(Deposit deposit, DepositStatus status) {
        return PaymentSearchAttributes.of(deposit.paymentLinkId() == null ? Product.PHONE_PROMPT
                : Product.PAYMENT_LINK, deposit.clientId(), deposit.originatorConversationId(), status);
    }

    /** The outbox's sweep: starts the deposits accepted a while ago that Temporal has not got yet. */
    public void startStragglers() {
        intake.sweep(deposits::findUnstarted, this::start);
    }

    /**
     * The API checks the form already; a payment-link page builds its submission itself, so this checks too, and
     * this is where the limit of one phone prompt holds for every way in.
     */
    private static BigDecimal amount(String text, List<FieldProblem> errors) {
        Optional<BigDecimal> amount = Amounts.parse(text);
        if (amount.isEmpty()) {
            errors.add(new FieldProblem("Amount", "The field Amount " + Amounts.RULE + "."));
            return null;
        }
        Optional<String> refusal = AmountLimit.PHONE_PROMPT.refusal(amount.get());
        if (refusal.isPresent()) {
            errors.add(new FieldProblem("Amount", refusal.get()));
            return null;
        }
        return Cents.exact(amount.get());
    }

    /**
     * The number the prompt goes to and the deposit keeps: an international form (+2547…, 2547…) as sent, which
     * the status query echoes; a local one (07…, 01…) as 2547…; null when it is no Kenyan mobile number.
     */
    private static String promptedNumber(String sent) {
        return MobileNumbers.isInternational(sent) ? sent : MobileNumbers.kenyan(sent).orElse(null);
    }

    /** Where a payer's browser is sent after paying: a URL the policy allows for browsers. */
    static void redirect(String field, String url, List<FieldProblem> errors) {
        if (url != null) {
            UrlPolicy.browserRefusal(url)
                    .ifPresent(why -> errors.add(new FieldProblem(field, "The " + field + " " + why + ".")));
        }
    }
}
