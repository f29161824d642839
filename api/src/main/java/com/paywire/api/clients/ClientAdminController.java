package com.paywire.api.clients;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.input.Amount;
import com.paywire.api.input.PageParameters;
import com.paywire.domain.clients.ClientAdministration;
import com.paywire.vocabulary.clients.ClientDetails;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.net.URI;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The operator's API for clients (docs/interface.md#administration): the admin scope, which no merchant client
 * holds. Answers that carry a secret are never cached.
 */
@RestController
@RequestMapping("/v1/admin/clients")
@Tag(name = "Administration")
@RequiresScope(Scope.ADMIN)
class ClientAdminController {

    private static final int MAX_PAGE_SIZE = 100;

    private final ClientAdministration administration;

    ClientAdminController(ClientAdministration administration) {
        this.administration = administration;
    }

    record CreateRequest(
            @Schema(description = "the merchant's name; the client id is made from it") @NotBlank
            @Size(max = 100, message = "must be at most 100 characters")
            @Pattern(regexp = "[^\\p{Cntrl}]*", message = "must not hold control characters") String name,
            @Schema(description = DISPLAY_NAME)
            @Size(max = 100, message = "must be at most 100 characters")
            @Pattern(regexp = "[^\\p{Cntrl}]*", message = "must not hold control characters") String displayName,
            @Schema(description = "route ids (docs/sandbox.md#routes-and-channel-types); absent: every route")
            List<@NotNull UUID> routes,
            @Schema(description = "KES credited to the working account (sandbox only), a JSON number or string")
            @JsonProperty("float") @Amount BigDecimal openingFloat) {
    }

    record RotateRequest(
            @Schema(description = "how long the replaced secret still works: 0 (not at all, and the client's"
                    + " tokens issued until now are revoked) to 604800 (7 days); absent: 86400 (24 h)")
            @Min(value = 0, message = GRACE_RULE) @Max(value = 604_800, message = GRACE_RULE) Integer graceSeconds) {
    }

    private static final String GRACE_RULE = "must be 0 (the replaced secret stops at once) to 604800 (7 days)";

    record DisplayNameRequest(
            @Schema(description = DISPLAY_NAME + "; null or blank: payers see the name again")
            @Size(max = 100, message = "must be at most 100 characters")
            @Pattern(regexp = "[^\\p{Cntrl}]*", message = "must not hold control characters") String displayName) {
    }

    private static final String DISPLAY_NAME = "the name payers see on the hosted checkout and payment pages, when"
            + " it differs from the name; null: the name";

    record RoutesRequest(@Schema(description = "route ids; the client's routes become exactly these")
                         @NotNull List<@NotNull UUID> routes) {
    }

    record FloatRequest(
            @Schema(description = "KES, a JSON number or string") @NotNull @Amount BigDecimal amount,
            @Schema(description = "idempotency key: the same reference credits once; absent, a new one")
            @Pattern(regexp = "[A-Za-z0-9._-]{1,64}", message = "must be 1 to 64 letters, digits, '.', '_' or '-'")
            String reference) {
    }

    record RouteView(
            @Schema(description = "the route's id")
            UUID routeId,
            @Schema(description = "the route's kind (MOBILE_WALLET, BANK_TRANSFER, ...)")
            String category) {
    }

    record ClientView(
            @Schema(description = "the client's id, which it signs in with")
            String clientId,
            @Schema(description = "the client's name")
            String name,
            @Schema(description = DISPLAY_NAME)
            String displayName,
            @Schema(description = "false: the client is disabled and its tokens are refused")
            boolean enabled,
            @Schema(description = "the scopes the client holds")
            List<String> scopes,
            @Schema(description = "the routes the client may use")
            List<RouteView> routes,
            @Schema(description = "when the client was created")
            OffsetDateTime createdAt,
            @Schema(description = "null: never rotated")
            OffsetDateTime secretRotatedAt,
            @Schema(description = "when the secret it had before rotation stops working; null: none works")
            OffsetDateTime previousSecretValidUntil,
            @Schema(description = SHORT_CODE)
            String shortCode,
            @Schema(description = ACCOUNT_PREFIX)
            String accountPrefix) {

        static ClientView of(ClientDetails client) {
            return new ClientView(client.clientId(), client.name(), client.displayName(), client.enabled(),
                    List.copyOf(client.scopes()),
                    routeViews(client), client.createdAt(), client.secretRotatedAt(), client.previousSecretValidUntil(),
                    client.shortCode(), client.accountPrefix());
        }
    }

    record CreatedClient(
            @Schema(description = "the new client's id, which it signs in with")
            String clientId,
            @Schema(description = "shown this once: Paywire keeps only its hash")
            String clientSecret,
            @Schema(description = CALLBACK_SECRET)
            String callbackSecret,
            @Schema(description = "the client's name")
            String name,
            @Schema(description = DISPLAY_NAME)
            String displayName,
            @Schema(description = "false: the client is disabled and its tokens are refused")
            boolean enabled,
            @Schema(description = "the scopes the client holds")
            List<String> scopes,
            @Schema(description = "the routes the client may use")
            List<RouteView> routes,
            @Schema(description = "KES credited to the working account; null: none")
            @JsonProperty("float") BigDecimal openingFloat,
            @Schema(description = "when the client was created")
            OffsetDateTime createdAt,
            @Schema(description = SHORT_CODE)
            String shortCode,
            @Schema(description = ACCOUNT_PREFIX)
            String accountPrefix) {
    }

    private static final String CALLBACK_SECRET = "the secret the client's callbacks (Paywire-Signature) and"
            + " checkout returns are signed with, for the client to check them; shown this once";

    record NewCallbackSecretView(
            @Schema(description = "the client whose callback secret was replaced")
            String clientId,
            @Schema(description = CALLBACK_SECRET + "; it signs everything sent from now on")
            String callbackSecret) {
    }

    private static final String SHORT_CODE = "the ShortCode its express deposits, payment links and paybill deposits"
            + " name (issued in the sandbox); null: none";
    private static final String ACCOUNT_PREFIX = "what its AccountNo values start with, its own: the prefix alone"
            + " names the client (three letters, issued with the short code); null: no short code";

    record ClientList(
            @Schema(description = "the clients on this page")
            List<ClientView> clients,
            @Schema(description = "the page number, from 1")
            int page,
            @Schema(description = "the most items on one page")
            int pageSize,
            @Schema(description = "how many items there are in all pages")
            long total) {
    }

    record NewSecretView(
            @Schema(description = "the client whose secret was replaced")
            String clientId,
            @Schema(description = "shown this once: Paywire keeps only its hash") String clientSecret,
            @Schema(description = "when the replaced secret stops working; null: it already has")
                    OffsetDateTime previousSecretValidUntil) {
    }

    record FloatView(
            @Schema(description = "the client whose working account was credited")
            String clientId,
            @Schema(description = "the amount added, in shillings")
            BigDecimal amount,
            @Schema(description = "the operator's reference of the top-up, which makes it happen once")
            String reference,
            @Schema(description = "false: this reference had been credited, and nothing moved now")
                    boolean credited,
            @Schema(description = "the working account's available balance now") BigDecimal available) {
    }

    @Operation(summary = "Create a client: merchant scopes, the routes given (every route by default) and, in the"
            + " sandbox, a float; its secret is answered this once")
    @PostMapping
    ResponseEntity<CreatedClient> create(@Valid @RequestBody CreateRequest request, AuthenticatedClient operator) {
        ClientAdministration.NewClient created = administration.create(request.name(), request.displayName(),
                request.routes(), request.openingFloat(), Scope.merchantValues(), operator.clientId());
        ClientDetails client = created.client();
        return ResponseEntity.created(URI.create("/v1/admin/clients/" + client.clientId()))
                .cacheControl(CacheControl.noStore())
                .body(new CreatedClient(client.clientId(), created.secret(), created.callbackSecret(), client.name(),
                        client.displayName(),
                        client.enabled(),
                        List.copyOf(client.scopes()), routeViews(client), created.openingFloat(), client.createdAt(),
                        client.shortCode(), client.accountPrefix()));
    }

    @Operation(summary = "Every client, the oldest first, without secrets",
            description = "page from 1, pageSize 1 to 100 (default 20)")
    @GetMapping
    ClientList list(@RequestParam(value = "page", defaultValue = "1") int page,
                    @RequestParam(value = "pageSize", defaultValue = "20") int pageSize) {
        PageParameters.check("page", page, "pageSize", pageSize, MAX_PAGE_SIZE);
        ClientDetails.Page found = administration.list(page, pageSize);
        return new ClientList(found.clients().stream().map(ClientView::of).toList(), page, pageSize, found.total());
    }

    @Operation(summary = "One client, without its secret")
    @GetMapping("/{clientId}")
    ClientView get(@PathVariable("clientId") String clientId) {
        return ClientView.of(administration.find(clientId));
    }

    @Operation(summary = "Disable a client: its tokens are refused at once and it gets no new ones")
    @PostMapping("/{clientId}/disable")
    ClientView disable(@PathVariable("clientId") String clientId, AuthenticatedClient operator) {
        try {
            return ClientView.of(administration.setEnabled(clientId, false, operator.clientId()));
        } catch (ClientAdministration.Conflict conflict) {
            throw new ReasonException(HttpStatus.CONFLICT, conflict.getMessage());
        }
    }

    @Operation(summary = "Enable a client again")
    @PostMapping("/{clientId}/enable")
    ClientView enable(@PathVariable("clientId") String clientId, AuthenticatedClient operator) {
        return ClientView.of(administration.setEnabled(clientId, true, operator.clientId()));
    }

    @Operation(summary = "Rotate a client's secret: the new one is answered this once; the replaced one works for"
            + " the grace (24 h unless given)")
    @PostMapping("/{clientId}/secret")
    ResponseEntity<NewSecretView> rotateSecret(@PathVariable("clientId") String clientId,
                                               @Valid @RequestBody(required = false) RotateRequest request,
                                               AuthenticatedClient operator) {
        ClientAdministration.NewSecret rotated = administration.rotateSecret(clientId,
                request == null ? null : request.graceSeconds(), operator.clientId());
        return ResponseEntity.ok().cacheControl(CacheControl.noStore())
                .body(new NewSecretView(rotated.clientId(), rotated.secret(), rotated.previousValidUntil()));
    }

    @Operation(summary = "Replace the secret a client's callbacks and checkout returns are signed with",
            description = "The new secret is answered this once and signs everything sent from now on; there is no"
                    + " grace, as a signature is made with one secret.")
    @PostMapping("/{clientId}/callback-secret")
    ResponseEntity<NewCallbackSecretView> rotateCallbackSecret(@PathVariable("clientId") String clientId,
                                                               AuthenticatedClient operator) {
        String callbackSecret = administration.rotateCallbackSecret(clientId, operator.clientId());
        return ResponseEntity.ok().cacheControl(CacheControl.noStore())
                .body(new NewCallbackSecretView(clientId, callbackSecret));
    }

    @Operation(summary = "Set the name payers see for a client on the hosted pages; null or blank: its name")
    @PutMapping("/{clientId}/display-name")
    ClientView setDisplayName(@PathVariable("clientId") String clientId,
                              @Valid @RequestBody DisplayNameRequest request, AuthenticatedClient operator) {
        return ClientView.of(administration.setDisplayName(clientId, request.displayName(), operator.clientId()));
    }

    @Operation(summary = "Replace the routes assigned to a client")
    @PutMapping("/{clientId}/routes")
    ClientView replaceRoutes(@PathVariable("clientId") String clientId, @Valid @RequestBody RoutesRequest request,
                             AuthenticatedClient operator) {
        return ClientView.of(administration.replaceRoutes(clientId, request.routes(), operator.clientId()));
    }

    @Operation(summary = "Credit a client's working account from FUNDING (sandbox only), once per reference",
            description = "201 when credited; 200 when the reference had been credited with the same amount (nothing"
                    + " moves); 409 for another amount, or outside the sandbox")
    @PostMapping("/{clientId}/float")
    ResponseEntity<FloatView> addFloat(@PathVariable("clientId") String clientId,
                                       @Valid @RequestBody FloatRequest request, AuthenticatedClient operator) {
        ClientAdministration.FloatCredit credit;
        try {
            credit = administration.addFloat(clientId, request.amount(), request.reference(), operator.clientId());
        } catch (ClientAdministration.Conflict conflict) {
            throw new ReasonException(HttpStatus.CONFLICT, conflict.getMessage());
        }
        return ResponseEntity.status(credit.credited() ? HttpStatus.CREATED : HttpStatus.OK)
                .body(new FloatView(credit.clientId(), credit.amount(), credit.reference(), credit.credited(),
                        credit.available()));
    }

    private static List<RouteView> routeViews(ClientDetails client) {
        return client.routes().stream().map(r -> new RouteView(r.routeId(), r.category())).toList();
    }
}
