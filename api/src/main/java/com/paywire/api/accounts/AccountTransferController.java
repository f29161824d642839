package com.paywire.api.accounts;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.InsufficientScopeException;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.HasOriginatorConversationId;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.input.Amount;
import com.paywire.domain.accounts.AccountTransfers;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Collections into payouts: a client moves available money from its utility account to its working account, at
 * once ({@link AccountTransfers}). It spends collected money on payouts, so the token needs both scopes.
 */
@RestController
@Tag(name = "Platform")
@RequiresScope({Scope.COLLECTIONS, Scope.PAYOUTS})
class AccountTransferController {

    private final AccountTransfers transfers;

    AccountTransferController(AccountTransfers transfers) {
        this.transfers = transfers;
    }

    record TransferRequest(
            @Schema(description = "the client's own unique id of the transfer: the same id again answers the first"
                    + " transfer and moves nothing; with another amount it is refused (409)")
            String originatorConversationId,
            @Schema(description = "KES, a JSON number or string, at most 2 decimals")
            @Amount BigDecimal amount,
            @Schema(description = "2, the utility account (collections)", example = "2")
            Integer fromAccountType,
            @Schema(description = "1, the working account (payouts)", example = "1")
            Integer toAccountType) implements HasOriginatorConversationId {
    }

    record TransferView(
            @Schema(description = "the client's id of the transfer") String originatorConversationId,
            @Schema(description = "Paywire's id of the transfer: the statement's paymentId") String systemConversationId,
            @Schema(description = "COMPLETED: the money moved, at once") String status,
            @Schema(description = "what moved, in KES") BigDecimal amount,
            @Schema(description = "2") int fromAccountType,
            @Schema(description = "1") int toAccountType,
            @Schema(description = "when it moved (the first time, for a repeated id)") OffsetDateTime transferredAt,
            @Schema(description = "the utility account's available balance now, in KES") BigDecimal utilityBalance,
            @Schema(description = "the working account's available balance now, in KES") BigDecimal workingBalance) {
    }

    @Operation(summary = "Transfer collections to payouts: available money from the utility account (2) to the"
            + " working account (1), at once, no fee",
            description = "Needs both scopes, collections and payouts (403 naming the one missing). 409 when the"
                    + " utility account's available balance is less than the amount (the message says how much is"
                    + " available; nothing moves) or the originatorConversationId was used for another amount."
                    + " The statement shows it as a TRANSFER entry on both accounts.")
    @PostMapping("/v1/customer-accounts/transfer")
    TransferView transfer(@Valid @RequestBody TransferRequest request, AuthenticatedClient client) {
        InsufficientScopeException.require(client, Scope.COLLECTIONS);
        InsufficientScopeException.require(client, Scope.PAYOUTS);
        AccountTransfers.Transferred done;
        try {
            done = transfers.transfer(client.clientId(), request.originatorConversationId(), request.amount(),
                    request.fromAccountType(), request.toAccountType());
        } catch (AccountTransfers.UtilityAccountShort | AccountTransfers.IdUsedForAnotherTransfer refused) {
            throw new ReasonException(HttpStatus.CONFLICT, refused.getMessage());
        }
        return new TransferView(done.originatorConversationId(), done.id().toString(), "COMPLETED", done.amount(), 2, 1,
                done.transferredAt(), done.utilityAvailable(), done.workingAvailable());
    }
}
