package com.paywire.api.checkout;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.platform.Acceptances;
import com.paywire.api.platform.AcceptedMessage;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.checkout.CheckoutOrderView;
import com.paywire.domain.checkout.CheckoutOrders;
import com.paywire.vocabulary.checkout.CheckoutOrder;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/** Hosted checkout, the merchant's side (docs/interface.md#hosted-checkout); the payer's page is elsewhere. */
@RestController
@Tag(name = "Hosted checkout")
@RequiresScope(Scope.CHECKOUT)
class CheckoutOrderController {

    /** The only IdType: the Id is the originatorConversationId. */
    static final int ORIGINATOR_CONVERSATION_ID = 1;

    private final CheckoutOrders orders;
    private final Acceptances acceptances;
    private final String publicBaseUrl;

    CheckoutOrderController(CheckoutOrders orders, Acceptances acceptances,
                            @Value("${paywire.collections.public-base-url:}") String publicBaseUrl) {
        this.orders = orders;
        this.acceptances = acceptances;
        this.publicBaseUrl = publicBaseUrl;
    }

    record Accepted(
            @Schema(description = "the acceptance, with the order's page")
            Message message) {
    }

    /** The accepted message's five fields, then these two. @param checkoutUrl the hosted page to send the payer to */
    record Message(
            @JsonUnwrapped AcceptedMessage accepted,
            @Schema(description = "Paywire's id of the order")
            String checkoutId,
            @Schema(description = "the hosted page where the payer pays; send the payer there")
            String checkoutUrl) {
    }

    @Operation(summary = "Create checkout order: an order with line items, paid by the payer on the hosted page"
            + " (checkoutUrl); the outcome goes to checkoutCallbackUrl",
            description = "Answers 200 with checkoutUrl, the page to send the payer to. originatorConversationId is the "
            + "idempotency key: one used before is refused (400). The payer may pay by M-PESA or card until "
            + "checkoutDueDate; the outcome goes to checkoutCallbackUrl and is read with check-status.")
    @PostMapping("/v1/checkout-order/new-order")
    Accepted newOrder(@Valid @RequestBody CheckoutOrderRequest request, AuthenticatedClient client) {
        CheckoutOrder order = orders.accept(client.clientId(), request.command());
        return new Accepted(new Message(acceptances.message("Checkout order submission accepted",
                order.originatorConversationId(), order.systemConversationId().toString()),
                order.id().toString(), pageBaseUrl() + "/checkout/" + order.id()));
    }

    /** A JSON body, which some clients send with this GET, is accepted and ignored. */
    @Operation(summary = "Query checkout order by its originatorConversationId (IdType 1)")
    @GetMapping("/v1/checkout-order/check-status")
    CheckoutOrderView checkStatus(
            @Parameter(description = "1: the Id is the originatorConversationId") @RequestParam("IdType") Integer idType,
            @RequestParam("Id") String id, AuthenticatedClient client) {
        if (idType != ORIGINATOR_CONVERSATION_ID) {
            throw InvalidInputException.of(null, "IdType", "The IdType must be 1 (the Id is the originatorConversationId).");
        }
        return orders.find(client.clientId(), id).orElseThrow(() -> new ReasonException(HttpStatus.NOT_FOUND,
                "No checkout order with originatorConversationId '" + id + "'"));
    }

    /** Where payers reach the hosted pages: PAYWIRE_PUBLIC_BASE_URL, or else the address the API was called on. */
    private String pageBaseUrl() {
        return publicBaseUrl == null || publicBaseUrl.isBlank()
                ? ServletUriComponentsBuilder.fromCurrentContextPath().toUriString() : publicBaseUrl;
    }
}
