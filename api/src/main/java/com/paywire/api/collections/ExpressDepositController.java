package com.paywire.api.collections;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.platform.Acceptances;
import com.paywire.api.platform.AcceptedMessage;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.paywire.domain.collections.ExpressDeposits;
import com.paywire.domain.paybacks.CollectionReversalView;
import com.paywire.domain.paybacks.CollectionReversals;
import com.paywire.vocabulary.collections.Deposit;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "Pay-ins")
@RequiresScope(Scope.COLLECTIONS)
class ExpressDepositController {

    private final ExpressDeposits deposits;
    private final Acceptances acceptances;
    private final CollectionReversals reversals;

    ExpressDepositController(ExpressDeposits deposits, Acceptances acceptances, CollectionReversals reversals) {
        this.deposits = deposits;
        this.acceptances = acceptances;
        this.reversals = reversals;
    }

    record Accepted(
            @Schema(description = "the acceptance")
            AcceptedMessage message) {
    }

    record DepositStatus(
            @Schema(description = "Paywire's id of the deposit")
            String conversationId,
            @Schema(description = "the client's id of the deposit")
            String originatorConversationId,
            @Schema(description = "the rail's id of the prompt")
            String merchantRequestID,
            @Schema(description = "the payer's mobile number")
            String phoneNumber,
            @Schema(description = "the M-PESA receipt, once paid")
            String mpesaReceiptNumber,
            @Schema(description = "the rail's result code; null until there is one")
            String resultCode,
            @Schema(description = "the rail's result in words")
            String resultDesc,
            @Schema(description = "PENDING, COMPLETED or FAILED")
            String status,
            @Schema(description = "its newest reversal, once you asked for one (POST /v1/collections/reversals); "
                    + "absent otherwise")
            @JsonInclude(JsonInclude.Include.NON_NULL) CollectionReversalView reversal) {
    }

    @Operation(summary = "Express deposit: prompt the payer's phone; the result goes to CallBackUrl",
            description = "Answers 200 once the prompt is on its way, before the payer answers it. "
            + "OriginatorConversationId is the idempotency key: one used before is refused (400), so a "
            + "retry never prompts twice. The outcome goes to CallBackUrl and is read with check-status; a "
            + "paid deposit is credited to the utility account.")
    @PostMapping("/v1/express-deposit")
    Accepted expressDeposit(@Valid @RequestBody ExpressDepositRequest request, AuthenticatedClient client) {
        Deposit deposit = deposits.accept(client.clientId(), request.submission());
        return new Accepted(acceptances.message("Express Deposit submission accepted",
                deposit.originatorConversationId(), deposit.id().toString()));
    }

    @Operation(summary = "Find Express Deposit By OriginatorConversationId")
    @GetMapping("/v1/express-deposit/check-status")
    DepositStatus checkStatus(@RequestParam("OriginatorConversationId") String originatorConversationId,
                              AuthenticatedClient client) {
        Deposit d = deposits.find(client.clientId(), originatorConversationId)
                .orElseThrow(() -> new ReasonException(HttpStatus.NOT_FOUND,
                        "No express deposit with OriginatorConversationId '" + originatorConversationId + "'"));
        return new DepositStatus(d.id().toString(), d.originatorConversationId(), d.merchantRequestId(),
                d.phoneNumber(), d.receiptNumber(), d.resultCode(), d.resultDesc(), d.status().name(),
                reversals.latestOf(d.id()).orElse(null));
    }
}
