package com.paywire.api.operations;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.input.PageParameters;
import com.paywire.domain.funding.BankFunding;
import com.paywire.domain.funding.FundingConflict;
import com.paywire.domain.funding.FundingReferences;
import com.paywire.vocabulary.funding.FundingEntry;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Bank credits that named no client Paywire could credit (no funding reference, a typo'd one, a disabled client's),
 * held in funding suspense: operators list them and assign each to its client once. Also a client's funding
 * reference, for operators (the sandbox's {@code ./paywire fund} reads it here).
 */
@RestController
@Tag(name = "Operations")
@RequiresScope(Scope.OPERATIONS)
class FundingSuspenseController {

    private static final int MAX_LIMIT = 500;

    private final BankFunding funding;
    private final FundingReferences references;

    FundingSuspenseController(BankFunding funding, FundingReferences references) {
        this.funding = funding;
        this.references = references;
    }

    record SuspendedEntry(
            @Schema(description = "the bank's reference of the entry") String entryReference,
            @Schema(description = "the account and the bank's id of the statement that brought it")
            String statementId,
            @Schema(description = "the amount, two decimals, as a string") String amount,
            @Schema(description = "KES") String currency,
            @Schema(description = "the remittance information as the bank wrote it") String remittance,
            @Schema(description = "the day the bank booked it; null: not given") LocalDate bookingDate,
            @Schema(description = "why no client was credited") String reason,
            @Schema(description = "when Paywire held it in suspense") OffsetDateTime heldAt,
            @Schema(description = "the client an operator assigned it to; null: still in suspense")
            String assignedClientId,
            @Schema(description = "when it was assigned; null: still in suspense") OffsetDateTime assignedAt) {

        static SuspendedEntry of(FundingEntry e) {
            return new SuspendedEntry(e.entryReference(), e.statementId(), e.amount().toPlainString(), e.currency(),
                    e.remittance(), e.bookingDate(), e.suspenseReason(), e.recordedAt(), e.assignedClientId(),
                    e.assignedAt());
        }
    }

    record SuspendedEntries(@Schema(description = "newest first, those assigned since included")
                            List<SuspendedEntry> entries) {
    }

    record AssignRequest(
            @Schema(description = "the client whose working account the entry credits") @NotBlank
            @Size(max = 100, message = "must be at most 100 characters") String clientId,
            @Schema(description = "why this client: kept in the operators' audit log") @NotBlank
            @Size(max = 500, message = "must be at most 500 characters")
            @Pattern(regexp = "[^\\p{Cntrl}]*", message = "must not hold control characters") String reason) {
    }

    record ClientFundingReference(
            @Schema(description = "the client") String clientId,
            @Schema(description = "its funding reference: PW, seven digits and a check digit") String fundingReference) {
    }

    @Operation(summary = "Bank credits held in funding suspense, of every client, newest first (assigned ones with"
            + " their client)", description = "Limit 1 to 500 (default 100).")
    @GetMapping("/v1/operations/funding-suspense")
    SuspendedEntries suspended(@Parameter(description = "how many, newest first: 1 to 500")
                               @RequestParam(value = "Limit", defaultValue = "100") int limit) {
        PageParameters.check("Page", 1, "Limit", limit, MAX_LIMIT);
        return new SuspendedEntries(funding.suspended(limit).stream().map(SuspendedEntry::of).toList());
    }

    @Operation(summary = "Assign a bank credit held in funding suspense to a client: its working account is credited"
            + " once, recorded in the operators' audit log",
            description = "An ADJUSTMENT on the client's statement (receiptNumber the bank's reference) and a"
                    + " balance.funded event. 404: no such entry; 409: not in suspense, or assigned already (naming"
                    + " by whom); 400: no such client, or a disabled one.")
    @PostMapping("/v1/operations/funding-suspense/{entryReference}/assign")
    SuspendedEntry assign(@PathVariable("entryReference") String entryReference,
                          @Valid @RequestBody AssignRequest body, AuthenticatedClient operator) {
        try {
            return SuspendedEntry.of(funding.assign(entryReference, body.clientId(), body.reason(),
                    operator.clientId()));
        } catch (FundingConflict conflict) {
            throw new ReasonException(HttpStatus.CONFLICT, conflict.getMessage());
        }
    }

    @Operation(summary = "A client's funding reference, for operators (assigned now if it had none)",
            description = "404 for no such client.")
    @GetMapping("/v1/operations/funding-references/{clientId}")
    ClientFundingReference reference(@PathVariable("clientId") String clientId) {
        return new ClientFundingReference(clientId, references.of(clientId));
    }
}
