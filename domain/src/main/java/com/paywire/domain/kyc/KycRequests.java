package com.paywire.domain.kyc;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.platform.FieldRules;
import com.paywire.domain.platform.Intake;
import com.paywire.domain.platform.Outbox;
import com.paywire.vocabulary.lookups.KycPersonalData;
import com.paywire.vocabulary.lookups.KycRequest;
import com.paywire.persistence.kyc.KycStore;
import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.persistence.routes.RouteStore;
import com.paywire.persistence.secrets.PersonalDataSeal;
import com.paywire.vocabulary.lookups.LookupStatus;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rules.kyc.NameMatch;
import com.paywire.vocabulary.rules.routes.Route;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.kyc.KycCommand;
import com.paywire.workflows.kyc.KycWorkflow;
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
 * Identity checks, the client's side: validates and records a KYC request (its personal data sealed), starts its
 * KycWorkflow (the outbox way), and answers the status query. Rules in docs/interface.md#kyc.
 */
public class KycRequests {

    public static final String KYC_ROUTE = "KYC";
    /** Countries served, as clients write them; all mean Kenya. */
    static final Set<String> KENYA = Set.of("KE", "KEN", "KENYA", "404");
    /** Currencies served, as clients write them: ISO 4217 letters or number. */
    /** Kenyan national ID numbers are digits; the registry also holds older ones with a letter. */
    private static final Pattern NATIONAL_ID = Pattern.compile("[A-Za-z0-9]{5,20}");
    private static final Pattern REPORT_REASON = Pattern.compile("\\d{1,3}");
    private static final int NAME = 100;
    private static final int OTHER = 200;
    private static final int URL = 512;
    private static final Logger log = LoggerFactory.getLogger(KycRequests.class);

    private final KycStore requests;
    private final RouteStore routes;
    private final UrlPolicy urlPolicy;
    private final WorkflowClient temporal;
    private final KycProperties properties;
    private final Clock clock;
    private final Intake intake;

    public KycRequests(KycStore requests, RouteStore routes, UrlPolicy urlPolicy, WorkflowClient temporal,
                       KycProperties properties, Clock clock) {
        this.requests = requests;
        this.routes = routes;
        this.urlPolicy = urlPolicy;
        this.temporal = temporal;
        this.properties = properties;
        this.clock = clock;
        // the error answer names no originatorConversationId: a KYC request has none
        this.intake = new Intake("KYC request", "systemTraceAuditNumber",
                (stan, field, message) -> InvalidInputException.of(null, field, message), temporal, clock);
    }

    /**
     * Validates, records and starts the check.
     *
     * @throws InvalidInputException naming every field that breaks a rule, or the reused systemTraceAuditNumber
     */
    public KycRequest accept(String clientId, NewKycRequest r) {
        FieldRules rules = new FieldRules();
        String stan = rules.guid("systemTraceAuditNumber", r.systemTraceAuditNumber(), true);
        Optional<Route> route = route(clientId, r.routeId(), rules);
        String firstName = rules.text("kycRequestFirstName", r.firstName(), true, NAME);
        String middleName = rules.text("kycRequestMiddleName", r.middleName(), false, NAME);
        String lastName = rules.text("kycRequestLastName", r.lastName(), true, NAME);
        String otherNames = rules.text("kycRequestOtherNames", r.otherNames(), false, NAME);
        String nationalId = rules.matching("kycRequestNationalID", r.nationalId(), true, 20, NATIONAL_ID,
                "must be 5 to 20 letters or digits");
        String dateOfBirth = rules.text("kycRequestDateOfBirth", r.dateOfBirth(), false, 40);
        if (dateOfBirth != null && !rules.has("kycRequestDateOfBirth")) {
            var day = NameMatch.day(dateOfBirth);
            if (day == null) {
                rules.add("kycRequestDateOfBirth", "The kycRequestDateOfBirth must be an ISO 8601 date or date-time,"
                        + " such as 1990-05-14 or 1990-05-14T00:00:00Z.");
            } else if (day.isAfter(OffsetDateTime.now(clock).toLocalDate())) {
                rules.add("kycRequestDateOfBirth", "The kycRequestDateOfBirth must not be in the future.");
            }
        }
        String mobile = rules.text("kycRequestTelephoneMobile", r.telephoneMobile(), false, 20);
        if (mobile != null && !rules.has("kycRequestTelephoneMobile") && !mobile.matches("\\+?[0-9 ()-]{7,20}")) {
            rules.add("kycRequestTelephoneMobile", "The kycRequestTelephoneMobile must be a telephone number.");
        }
        String reason = rules.matching("kycRequestReportReason", r.reportReason(), true, 3, REPORT_REASON,
                "must be a whole number such as 1");
        String callbackUrl = rules.url("kycRequestCallBackURL", r.callbackUrl(), false, URL, urlPolicy);
        String deviceId = rules.text("deviceId", r.deviceId(), false, 100);
        String country = rules.text("country", r.country(), true, 10);
        if (country != null && !rules.has("country") && !KENYA.contains(country.toUpperCase(Locale.ROOT))) {
            rules.add("country", "The country must be Kenya (KE): identities are checked against Kenya's registry.");
        }
        String ccy = rules.text("ccy", r.ccy(), true, 3);
        if (ccy != null && !rules.has("ccy") && !Currencies.namesKes(ccy)) {
            rules.add("ccy", "The ccy must be 404 (KES).");
        }
        KycPersonalData personal = new KycPersonalData(firstName, middleName, lastName, otherNames, nationalId,
                rules.text("serialNo", r.serialNo(), false, NAME),
                rules.text("kycRequestPassportNo", r.passportNo(), false, 30),
                rules.text("kycRequestServiceID", r.serviceId(), false, 30),
                rules.text("kycRequestAlienID", r.alienId(), false, 30),
                rules.text("kycRequestTaxID", r.taxId(), false, 30), dateOfBirth,
                rules.text("kycRequestPostalBoxNo", r.postalBoxNo(), false, 30),
                rules.text("kycRequestPostalTown", r.postalTown(), false, NAME), mobile,
                rules.text("kycRequestPhysicalAddress", r.physicalAddress(), false, OTHER),
                rules.text("kycRequestPhysicalTown", r.physicalTown(), false, NAME),
                rules.text("kycRequestPhysicalCountry", r.physicalCountry(), false, NAME), null);
        rules.refuseIfAny(null);

        OffsetDateTime now = OffsetDateTime.now(clock);
        KycRequest request = new KycRequest(UUID.randomUUID(), clientId, stan, route.orElseThrow().id(),
                Integer.parseInt(reason), "KE", Currencies.KES, callbackUrl, deviceId, PersonalDataSeal.mask(nationalId, 2),
                personal, LookupStatus.PENDING, null, null, null, null, null, false, now);
        intake.record(stan, () -> requests.insert(request));
        log.info("Accepted KYC request {} of client {} for national ID {}", stan, clientId, request.nationalIdHint());
        start(request);
        return request;
    }

    /** The status record; another client's request is as unknown as one that does not exist. */
    public Optional<KycStatusRecord> find(String clientId, String systemTraceAuditNumber) {
        return requests.find(clientId, systemTraceAuditNumber).map(KycStatusRecord::of);
    }

    /** The outbox's sweep: starts the requests accepted a while ago that Temporal has not got yet. */
    public void startStragglers() {
        intake.sweep(requests::findUnstarted, this::start);
    }

    /** @return false when Temporal could not be reached (the sweep starts it later) */
    public boolean start(KycRequest request) {
        KycWorkflow workflow = temporal.newWorkflowStub(KycWorkflow.class, Outbox.options(
                WorkflowIds.kyc(request.clientId(), request.systemTraceAuditNumber()), TaskQueues.PLATFORM,
                "KYC check of national ID " + request.nationalIdHint(),
                PaymentSearchAttributes.of(Product.KYC, request.clientId(), request.systemTraceAuditNumber())));
        KycCommand command = new KycCommand(request.id().toString(), request.clientId(),
                request.systemTraceAuditNumber(), properties.registryWindow(), properties.retention());
        return intake.start(new PaymentContext(request.clientId(),
                        request.systemTraceAuditNumber(), request.id().toString()),
                () -> WorkflowClient.start(workflow::verify, command),
                () -> requests.markWorkflowStarted(request.id()));
    }

    private Optional<Route> route(String clientId, String routeId, FieldRules rules) {
        String id = rules.guid("routeId", routeId, true);
        if (id == null || rules.has("routeId")) {
            return Optional.empty();
        }
        Optional<Route> route = routes.findAssigned(clientId, UUID.fromString(id));
        if (route.isEmpty()) {
            rules.add("routeId", "The routeId is not a route assigned to you.");
        } else if (!KYC_ROUTE.equals(route.get().category())) {
            rules.add("routeId", "The routeId must be the KYC route, not " + route.get().category() + ".");
        } else if (!route.get().routeIsActive() || !route.get().categoryIsEnabled()) {
            rules.add("routeId", "The KYC route is not active.");
        }
        return route;
    }
}
