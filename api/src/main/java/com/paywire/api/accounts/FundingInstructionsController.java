package com.paywire.api.accounts;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.domain.funding.FundingProperties;
import com.paywire.domain.funding.FundingReferences;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * How a client tops up its working account: by bank transfer to Paywire's bank account, with its own funding
 * reference in the transfer's remittance information (docs/funding.md).
 */
@RestController
@Tag(name = "Platform")
@RequiresScope(Scope.PAYOUTS)
class FundingInstructionsController {

    private final FundingReferences references;
    private final FundingProperties properties;

    FundingInstructionsController(FundingReferences references, FundingProperties properties) {
        this.references = references;
        this.properties = properties;
    }

    record FundingInstructions(
            @Schema(description = "the bank Paywire's account is at") String bankName,
            @Schema(description = "the bank's code") String bankCode,
            @Schema(description = "Paywire's account number to pay into") String accountNumber,
            @Schema(description = "the account's name") String accountName,
            @Schema(description = "the currency the account takes: KES") String currency,
            @Schema(description = "the client's own funding reference: put it in the transfer's remittance"
                    + " information (narrative); PW, seven digits and a check digit") String fundingReference,
            @Schema(description = "the account a transfer credits: 1, the working account (payouts)")
            int accountType) {
    }

    @Operation(summary = "Funding instructions: the bank account to pay into and the client's funding reference,"
            + " which credits its working account",
            description = "A transfer in KES to this account whose remittance information carries the reference is"
                    + " credited to the working account once the bank's statement reaches Paywire (a FUNDING entry on"
                    + " the statement, receiptNumber the bank's reference, and a balance.funded event). A reference"
                    + " with a typo matches no client: the money waits in suspense for an operator.")
    @GetMapping("/v1/customer-accounts/funding-instructions")
    FundingInstructions instructions(AuthenticatedClient client) {
        FundingProperties.BankAccount account = properties.bankAccount();
        return new FundingInstructions(account.bankName(), account.bankCode(), account.accountNumber(),
                account.accountName(), account.currency(), references.of(client.clientId()), 1);
    }
}
