package com.paywire.api.airtime;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.platform.Acceptances;
import com.paywire.api.platform.AcceptedMessage;
import com.paywire.domain.airtime.AirtimePurchaseRecord;
import com.paywire.domain.airtime.AirtimePurchases;
import com.paywire.vocabulary.airtime.AirtimePurchase;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Airtime top-ups of Safaricom, Airtel and Telkom numbers (docs/interface.md#airtime). */
@RestController
@Tag(name = "Airtime")
@RequiresScope(Scope.BILLS)
class AirtimePurchaseController {

    static final String ACCEPTED = "Airtime Purchase Accepted";

    private final AirtimePurchases purchases;
    private final Acceptances acceptances;

    AirtimePurchaseController(AirtimePurchases purchases, Acceptances acceptances) {
        this.purchases = purchases;
        this.acceptances = acceptances;
    }

    record Accepted(
            @Schema(description = "the acceptance")
            AcceptedMessage message) {
    }

    @Operation(summary = "Airtime Purchase: top up one or more Safaricom, Airtel or Telkom numbers from the working"
            + " account; each recipient is topped up (and charged) on its own, and the outcome goes to callbackURL",
            description = "Answers 200 at once. originatorConversationId is the idempotency key: one used before is "
            + "refused (400, naming it). Each recipient's amount and fee are held in the working account "
            + "until its top-up is final; the outcome is read with check-status and posted to callbackURL.")
    @PostMapping("/v1/airtime-purchase")
    Accepted purchase(@Valid @RequestBody AirtimePurchaseRequest request, AuthenticatedClient client) {
        AirtimePurchase purchase = purchases.accept(client.clientId(), request.command());
        return new Accepted(acceptances.message(ACCEPTED, purchase.originatorConversationId(),
                purchase.id().toString()));
    }

    @Operation(summary = "Find airtime purchase by its originatorConversationId")
    @GetMapping("/v1/airtime-purchase/check-status")
    AirtimePurchaseRecord checkStatus(@Parameter(description = "the originatorConversationId of the purchase")
                                      @RequestParam("OriginatorConversationId") String originatorConversationId,
                                      AuthenticatedClient client) {
        return purchases.find(client.clientId(), originatorConversationId).orElseThrow(() -> new ReasonException(
                HttpStatus.NOT_FOUND, "No airtime purchase has that originatorConversationId"));
    }
}
