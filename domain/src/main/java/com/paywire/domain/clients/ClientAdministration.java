package com.paywire.domain.clients;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.platform.WallClock;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.ShortCodeStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.routes.RouteStore;
import com.paywire.persistence.secrets.SecretCipher;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.clients.ClientDetails;
import com.paywire.vocabulary.collections.ShortCode;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.rules.FieldProblem;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What operators do to clients (docs/security.md#operators): create them with merchant scopes, routes and, in the
 * sandbox, a short code and a float; disable and enable them; rotate their secrets with a grace; replace their
 * routes; add to their float. A secret is answered once, when made, and never logged; log lines name the client and
 * the operator. Besides, the clients a deployment's configuration names are seeded here at start: the sandbox
 * client and the operator client. Floats move through the {@link MoneyEngine}.
 */
public class ClientAdministration {

    public static final Duration DEFAULT_GRACE = Duration.ofHours(24);
    public static final Duration MAX_GRACE = Duration.ofDays(7);
    /** Tries at a free id: a clash of the random suffix is rare, five in a row is a bug. */
    private static final int ID_ATTEMPTS = 5;
    private static final String OPENING_FLOAT_DESCRIPTION = "Sandbox opening float";

    private static final Logger log = LoggerFactory.getLogger(ClientAdministration.class);

    /**
     * A client just created, with the secret it will never be shown again, and the secret its callbacks, webhooks'
     * per-request kin and checkout returns are signed with.
     */
    public record NewClient(ClientDetails client, String secret, String callbackSecret, BigDecimal openingFloat) {
    }

    /** @param previousValidUntil when the secret it replaced stops working; null: it already has */
    public record NewSecret(String clientId, String secret, OffsetDateTime previousValidUntil) {
    }

    /** @param credited false when this reference had been credited before, and nothing moved now */
    public record FloatCredit(String clientId, BigDecimal amount, String reference, boolean credited,
                              BigDecimal available) {
    }

    private final ApiClientStore clients;
    private final RouteStore routes;
    private final Ledger ledger;
    private final MoneyEngine money;
    private final TransactionTemplate transaction;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    private final OwnShortCodes ownShortCodes;
    private final ShortCodeStore shortCodes;
    private final boolean sandbox;
    private final SecretCipher cipher;
    private final NewClientIds ids = new NewClientIds();

    ClientAdministration(ApiClientStore clients, RouteStore routes, Ledger ledger, MoneyEngine money,
                         TransactionTemplate transaction, ApplicationEventPublisher events, @WallClock Clock clock,
                         ShortCodeStore shortCodes,
                         @Value("${paywire.sandbox.enabled}") boolean sandbox, SecretCipher cipher) {
        this.clients = clients;
        this.routes = routes;
        this.ledger = ledger;
        this.money = money;
        this.transaction = transaction;
        this.events = events;
        this.clock = clock;
        this.ownShortCodes = new OwnShortCodes(shortCodes);
        this.shortCodes = shortCodes;
        this.sandbox = sandbox;
        this.cipher = cipher;
    }

    /**
     * @param displayName  the name payers see; null: its name
     * @param routeIds     null: every route Paywire offers
     * @param openingFloat null: none; the sandbox only
     * @param scopes       what it may do: the merchant scopes
     */
    public NewClient create(String name, String displayName, List<UUID> routeIds, BigDecimal openingFloat,
                            List<String> scopes, String operatorId) {
        BigDecimal credited = openingFloat == null ? null : Cents.exact(openingFloat);
        if (openingFloat != null && !sandbox) {
            throw InvalidInputException.of(null, "float", "The float field is for the sandbox only: this deployment"
                    + " is not one (PAYWIRE_SANDBOX_ENABLED=false).");
        }
        Set<UUID> assigned = routeIds == null ? routes.offered().keySet() : offered(routeIds);
        String secret = ids.secret();
        String hash = ClientSecretHasher.hash(secret);
        // every callback is signed: a client without this secret would have none delivered
        String callbackSecret = ids.secret();
        String clientId = transaction.execute(status -> {
            for (int attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
                String id = ids.idFor(name);
                if (clients.create(new ApiClient(id, name, hash, new LinkedHashSet<>(scopes)), assigned)) {
                    clients.setDisplayName(id, displayName);
                    clients.setCallbackSecret(id, cipher.encrypt(callbackSecret));
                    if (sandbox) { // express deposits and payment links name one
                        ownShortCodes.issueTo(id);
                    }
                    if (credited != null) {
                        money.creditFloat(openingFloatKey(id), id, credited, OPENING_FLOAT_DESCRIPTION);
                    }
                    return id;
                }
            }
            throw new IllegalStateException("no free client id for the name after " + ID_ATTEMPTS + " tries");
        });
        log.info("Client '{}' created by operator '{}' with {} routes and {}", clientId, operatorId, assigned.size(),
                credited == null ? "no float" : "a float of " + credited + " KES");
        return new NewClient(find(clientId), secret, callbackSecret, credited);
    }

    /**
     * Replaces the secret a client's callbacks and checkout returns are signed with, at once (a signature has one
     * secret, so there is no grace): what is sent from now on is signed with the new one.
     */
    public String rotateCallbackSecret(String clientId, String operatorId) {
        find(clientId);
        String callbackSecret = ids.secret();
        clients.setCallbackSecret(clientId, cipher.encrypt(callbackSecret));
        log.info("Callback secret of client '{}' replaced by operator '{}'", clientId, operatorId);
        return callbackSecret;
    }

    public ClientDetails find(String clientId) {
        return clients.details(clientId, clock.instant()).orElseThrow(() -> new UnknownResourceException(
                "There is no client with this id."));
    }

    public ClientDetails.Page list(int page, int pageSize) {
        return clients.list(page, pageSize, clock.instant());
    }

    public ClientDetails setEnabled(String clientId, boolean enabled, String operatorId) {
        if (!enabled && clientId.equals(operatorId)) {
            throw new Conflict("An operator cannot disable its own client.");
        }
        if (!clients.setEnabled(clientId, enabled)) {
            return find(clientId); // answers 404
        }
        events.publishEvent(new ClientAccessChanged(clientId));
        log.info("Client '{}' {} by operator '{}'", clientId, enabled ? "enabled" : "disabled", operatorId);
        return find(clientId);
    }

    /** @param graceSeconds how long the replaced secret still works: null for {@link #DEFAULT_GRACE}, 0 not at all */
    public NewSecret rotateSecret(String clientId, Integer graceSeconds, String operatorId) {
        Duration grace = graceSeconds == null ? DEFAULT_GRACE : Duration.ofSeconds(graceSeconds);
        Instant now = clock.instant();
        // to the second, as tokens tell time
        Instant previousValidUntil = grace.isZero() ? null : now.plus(grace).truncatedTo(ChronoUnit.SECONDS);
        String secret = ids.secret();
        if (!clients.rotateSecret(clientId, ClientSecretHasher.hash(secret), previousValidUntil, now)) {
            find(clientId); // answers 404
        }
        if (previousValidUntil == null) {
            events.publishEvent(new ClientAccessChanged(clientId)); // its tokens were revoked with the secret
            log.info("Secret of client '{}' rotated by operator '{}': the previous one and its tokens are revoked",
                    clientId, operatorId);
        } else {
            log.info("Secret of client '{}' rotated by operator '{}': the previous one works until {}", clientId,
                    operatorId, previousValidUntil);
        }
        return new NewSecret(clientId, secret, find(clientId).previousSecretValidUntil());
    }

    /** @param displayName null or blank: payers see the client's name again */
    public ClientDetails setDisplayName(String clientId, String displayName, String operatorId) {
        if (!clients.setDisplayName(clientId, displayName)) {
            return find(clientId); // answers 404
        }
        log.info("Display name of client '{}' changed by operator '{}'", clientId, operatorId);
        return find(clientId);
    }

    public ClientDetails replaceRoutes(String clientId, List<UUID> routeIds, String operatorId) {
        Set<UUID> assigned = offered(routeIds);
        if (!clients.replaceRoutes(clientId, assigned)) {
            return find(clientId); // answers 404
        }
        routes.forget(clientId);
        log.info("Client '{}' assigned {} routes by operator '{}'", clientId, assigned.size(), operatorId);
        return find(clientId);
    }

    /**
     * Credits the client's working account from FUNDING, once per reference: the same reference again moves
     * nothing (the same amount) or is refused (another amount).
     *
     * @param reference null: a new one (answered), so that every such call credits
     */
    public FloatCredit addFloat(String clientId, BigDecimal amount, String reference, String operatorId) {
        if (!sandbox) {
            throw new Conflict("Floats are set in the sandbox only: this deployment is"
                    + " not one (PAYWIRE_SANDBOX_ENABLED=false).");
        }
        find(clientId); // 404 for no such client, before the ledger is asked
        String used = reference == null ? UUID.randomUUID().toString() : reference;
        String key = openingFloatKey(clientId) + ":" + used;
        boolean credited = ledger.posted(key).isEmpty();
        if (credited) {
            try {
                money.creditFloat(key, clientId, amount, "Sandbox float");
            } catch (DataIntegrityViolationException sameReferenceAtOnce) {
                credited = false; // another request credited it meanwhile: answered as a repeat
            }
        }
        BigDecimal creditedAmount = ledger.posted(key).orElseThrow().amount();
        if (creditedAmount.compareTo(amount) != 0) {
            throw new Conflict("This reference was credited with another amount, "
                    + creditedAmount + "; give a new reference for a new credit.");
        }
        if (credited) {
            log.info("Client '{}' credited a float of {} KES by operator '{}'", clientId, amount, operatorId);
        }
        return new FloatCredit(clientId, creditedAmount, used, credited,
                ledger.available(LedgerAccounts.working(clientId)));
    }

    /**
     * Creates (or refreshes) the sandbox client with every route assigned, and funds it once per database: a restart
     * finds the float already there, even if it is configured otherwise since (the key names the first float;
     * asking it for another amount would be refused).
     *
     * @return what its working account has available
     */
    public BigDecimal seedSandboxClient(ApiClient client, String callbackSecret, String displayName,
                                        ShortCode shortCode, BigDecimal openingFloat) {
        clients.registerWithAllRoutes(client);
        clients.setCallbackSecret(client.clientId(), cipher.encrypt(callbackSecret));
        clients.setDisplayName(client.clientId(), displayName);
        shortCodes.issue(shortCode);
        String floatKey = openingFloatKey(client.clientId());
        if (ledger.posted(floatKey).isEmpty()) {
            money.creditFloat(floatKey, client.clientId(), openingFloat, OPENING_FLOAT_DESCRIPTION);
        }
        return ledger.available(LedgerAccounts.working(client.clientId()));
    }

    /** Creates (or refreshes) the operator client: no routes, as it makes no payments. */
    public void seedOperatorClient(ApiClient operator) {
        clients.register(operator, List.of());
    }

    private static String openingFloatKey(String clientId) {
        return Ledger.OPENING_FLOAT + clientId;
    }

    /** The routes as given, each once, in their order; every one unknown to Paywire is refused, by its place. */
    private Set<UUID> offered(List<UUID> routeIds) {
        Map<UUID, String> offered = routes.offered();
        List<FieldProblem> unknown = new ArrayList<>();
        for (int i = 0; i < routeIds.size(); i++) {
            if (!offered.containsKey(routeIds.get(i))) {
                unknown.add(new FieldProblem("routes[" + i + "]", "The route "
                        + routeIds.get(i) + " is not one Paywire offers: see the routes listing in docs/sandbox.md."));
            }
        }
        if (!unknown.isEmpty()) {
            throw new InvalidInputException(null, unknown);
        }
        return new LinkedHashSet<>(routeIds);
    }

    /** What an operator may not do to a client as things stand (a conflict), in words for the operator. */
    public static class Conflict extends RuntimeException {

        Conflict(String reason) {
            super(reason);
        }
    }
}
