package com.paywire.domain.accountvalidation;

import com.paywire.domain.platform.FieldRules;
import com.paywire.domain.platform.Intake;
import com.paywire.domain.platform.Outbox;
import com.paywire.domain.rails.accountregistry.AccountLookupProtocol;
import com.paywire.persistence.accountvalidation.AccountValidationStore;
import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.persistence.routes.RouteStore;
import com.paywire.persistence.secrets.PersonalDataSeal;
import com.paywire.vocabulary.lookups.AccountHolder;
import com.paywire.vocabulary.lookups.AccountValidation;
import com.paywire.vocabulary.lookups.LookupStatus;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.networks.MobileNetwork;
import com.paywire.vocabulary.networks.MobileNumbers;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rules.routes.Route;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.accountvalidation.AccountValidationCommand;
import com.paywire.workflows.accountvalidation.AccountValidationWorkflow;
import com.paywire.workflows.logging.PaymentContext;
import io.temporal.client.WorkflowClient;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Account validation, the client's side: validates and records a lookup (the account number sealed), starts its
 * AccountValidationWorkflow (the outbox way), and answers the status query. Rules in
 * docs/interface.md#account-validation.
 */
public class AccountValidations {

    public static final String ACCOUNT_VALIDATION_ROUTE = "ACCOUNT_VALIDATION";
    public static final Set<String> CALLBACK_FORMATS = Set.of("JSON", "XML");
    private static final Pattern STAN = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    private static final Pattern BANK_ACCOUNT = Pattern.compile("[A-Za-z0-9]{5,20}");
    private static final Logger log = LoggerFactory.getLogger(AccountValidations.class);

    private final AccountValidationStore validations;
    private final RouteStore routes;
    private final UrlPolicy urlPolicy;
    private final WorkflowClient temporal;
    private final AccountValidationProperties properties;
    private final Clock clock;
    private final Intake intake;

    public AccountValidations(AccountValidationStore validations, RouteStore routes, UrlPolicy urlPolicy,
                              WorkflowClient temporal, AccountValidationProperties properties, Clock clock) {
        this.validations = validations;
        this.routes = routes;
        this.urlPolicy = urlPolicy;
        this.temporal = temporal;
        this.properties = properties;
        this.clock = clock;
        this.intake = new Intake("account validation", "systemTraceAuditNumber",
                (stan, field, message) -> new AccountValidationRefused(stan, message), temporal, clock);
    }

    /**
     * Validates, records and starts the lookup.
     *
     * @throws com.paywire.domain.InvalidInputException naming every field missing or malformed
     * @throws AccountValidationRefused                 when well-formed but not to be processed
     */
    public AccountValidation accept(String clientId, NewAccountValidation r) {
        FieldRules rules = new FieldRules();
        if (r.type() == null) {
            rules.required("type");
        } else if (r.type() != AccountLookupProtocol.MOBILE_WALLET && r.type() != AccountLookupProtocol.BANK_ACCOUNT) {
            rules.add("type", "The type must be 1 (mobile wallet) or 2 (bank account).");
        }
        String stan = rules.matching("systemTraceAuditNumber", r.systemTraceAuditNumber(), true, 64, STAN,
                "must be 1 to 64 letters, digits, '-' or '_'");
        String account = rules.text("primaryAccountNumber", r.primaryAccountNumber(), true, 30);
        if (account != null && r.type() != null && !rules.has("primaryAccountNumber")) {
            if (r.type() == AccountLookupProtocol.MOBILE_WALLET) {
                Optional<String> msisdn = MobileNumbers.kenyan(account);
                if (msisdn.isEmpty()) {
                    rules.add("primaryAccountNumber", MobileNumbers.refusal("primaryAccountNumber of a mobile wallet"));
                }
                account = msisdn.orElse(account);
            } else if (!BANK_ACCOUNT.matcher(account).matches()) {
                rules.add("primaryAccountNumber", "The primaryAccountNumber of a bank account must be 5 to 20"
                        + " letters or digits.");
            }
        }
        String institution = rules.text("institutionCode", r.institutionCode(), true, 10);
        String callbackUrl = rules.url("callBackUrl", r.callBackUrl(), true, 512, urlPolicy);
        String format = rules.text("callBackFormat", r.callBackFormat(), false, 4);
        format = format == null ? "JSON" : format.toUpperCase(Locale.ROOT);
        if (!rules.has("callBackFormat") && !CALLBACK_FORMATS.contains(format)) {
            rules.add("callBackFormat", "The callBackFormat must be JSON or XML.");
        }
        String ccy = rules.text("ccy", r.ccy(), false, 3);
        String country = rules.text("countryCode", r.countryCode(), false, 3);
        rules.refuseIfAny(null);

        if (ccy != null && !Currencies.namesKes(ccy)) {
            throw new AccountValidationRefused(stan, "Accounts are validated in KES (404) only.");
        }
        if (country != null && !Set.of("KE", "KEN").contains(country.toUpperCase(Locale.ROOT))) {
            throw new AccountValidationRefused(stan, "Accounts are validated in Kenya (KE) only.");
        }
        route(clientId, r.type(), stan);
        String institutionCode = Institutions.code(r.type(), institution).orElseThrow(() -> new AccountValidationRefused(
                stan, r.type() == AccountLookupProtocol.MOBILE_WALLET
                        ? "The institutionCode must be the MCCMNC of a Kenyan mobile-money operator: "
                                + String.join(", ", MobileNetwork.mccmncs()) + "."
                        : "The institutionCode must be a Kenyan bank code, 01 to 99."));

        AccountValidation validation = new AccountValidation(UUID.randomUUID(), clientId, stan, r.type(),
                institutionCode, "KE", String.valueOf(Currencies.KES_NUMBER), callbackUrl, format, PersonalDataSeal.mask(account, 2),
                new AccountHolder(account, null), LookupStatus.PENDING, null, null, null, null, null, false,
                OffsetDateTime.now(clock));
        intake.record(stan, () -> validations.insert(validation));
        log.info("Accepted account validation {} of client {}: type {} at {}, account {}", stan, clientId, r.type(),
                institutionCode, validation.accountHint());
        start(validation);
        return validation;
    }

    /** The status record; another client's validation is as unknown as one that does not exist. */
    public Optional<AccountValidationRecord> find(String clientId, String systemTraceAuditNumber) {
        return validations.find(clientId, systemTraceAuditNumber).map(AccountValidationRecord::of);
    }

    public void startStragglers() {
        intake.sweep(validations::findUnstarted, this::start);
    }

    /** @return false when Temporal could not be reached (the sweep starts it later) */
    public boolean start(AccountValidation validation) {
        AccountValidationWorkflow workflow = temporal.newWorkflowStub(AccountValidationWorkflow.class, Outbox.options(
                WorkflowIds.accountValidation(validation.clientId(), validation.systemTraceAuditNumber()),
                TaskQueues.PLATFORM,
                "Account validation of " + validation.accountHint() + " at " + validation.institutionCode(),
                PaymentSearchAttributes.of(Product.ACCOUNT_VALIDATION, validation.clientId(),
                        validation.systemTraceAuditNumber())));
        AccountValidationCommand command = new AccountValidationCommand(validation.id().toString(),
                validation.clientId(), validation.systemTraceAuditNumber(), properties.lookupWindow(),
                properties.retention());
        return intake.start(new PaymentContext(validation.clientId(),
                        validation.systemTraceAuditNumber(), validation.id().toString()),
                () -> WorkflowClient.start(workflow::validate, command),
                () -> validations.markWorkflowStarted(validation.id()));
    }

    /** The client's account validation route, which must offer the type asked for. */
    private void route(String clientId, int type, String stan) {
        Route route = routes.findAssignedTo(clientId).stream()
                .filter(r -> ACCOUNT_VALIDATION_ROUTE.equals(r.category())).findFirst()
                .orElseThrow(() -> new AccountValidationRefused(stan, "Account validation is not enabled for you."));
        if (!route.routeIsActive() || !route.categoryIsEnabled() || !route.supportsChannelType(type)) {
            throw new AccountValidationRefused(stan, "Account validation of this type is not available now.");
        }
    }
}
