package com.paywire.api.operations;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.domain.funding.BankStatements;
import com.paywire.vocabulary.funding.BankEntryResult;
import com.paywire.workflows.funding.BankStatementOutcome;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import java.util.Optional;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The platform bank's statements, posted by operators: each KES credit naming a client's funding reference credits
 * its working account once (by the bank's reference of the entry), the rest of the credits go to funding suspense,
 * debits and other currencies are listed and left alone (docs/funding.md).
 */
@RestController
@Tag(name = "Operations")
@RequiresScope(Scope.OPERATIONS)
class BankStatementController {

    private final BankStatements statements;

    BankStatementController(BankStatements statements) {
        this.statements = statements;
    }

    record EntryView(
            @Schema(description = "the bank's reference of the entry (AcctSvcrRef or NtryRef; MT940 :61: bank"
                    + " reference): each is credited once") String entryReference,
            @Schema(description = "CREDIT (money in) or DEBIT (money out)") String direction,
            @Schema(description = "the amount, two decimals for KES, as a string") String amount,
            @Schema(description = "the currency's letters") String currency,
            @Schema(description = "CREDITED, SUSPENDED, ALREADY_PROCESSED, IGNORED_DEBIT, IGNORED_CURRENCY or"
                    + " IGNORED_NOT_BOOKED") String outcome,
            @Schema(description = "the client credited; null for the rest") String clientId,
            @Schema(description = "the valid funding reference the remittance named; null: none") String fundingReference,
            @Schema(description = "why it was held in suspense or left alone; null when credited") String reason) {

        static EntryView of(BankEntryResult result) {
            return new EntryView(result.entryReference(), result.credit() ? "CREDIT" : "DEBIT",
                    result.amount().toPlainString(), result.currency(), result.outcome().name(), result.clientId(),
                    result.fundingReference(), result.reason());
        }
    }

    record StatementView(
            @Schema(description = "the account the statement is of") String account,
            @Schema(description = "the bank's id of the statement (MT940: :20:/:28C:)") String statementId,
            @Schema(description = "APPLIED; PROCESSING (202) when it is still being applied: post it again for the"
                    + " answer") String status,
            @Schema(description = "each entry in the statement's order, with what became of it") List<EntryView> entries) {
    }

    @Operation(summary = "Post the platform bank's statement (camt.053 as application/xml, MT940 as text/plain): credits"
            + " each client its funding references name, once per bank entry",
            description = "camt.053.001.02 or .08 (one Stmt) or MT940 (the whole FIN message or its text block). Each"
                    + " booked KES credit whose remittance information (RmtInf/Ustrd, AddtlNtryInf; :86: and the :61:"
                    + " supplementary details) carries a valid funding reference credits that client's working account"
                    + " from the platform's funding account, once per bank reference however often or concurrently"
                    + " statements holding it are posted; a credit naming no enabled client goes to funding suspense;"
                    + " debits, other currencies and unbooked entries move nothing. 400 for a statement Paywire cannot"
                    + " read, 415 for another content type, 413 over the body size limit. 202 with status PROCESSING"
                    + " when the statement is still being applied after the wait: post it again.")
    @PostMapping(path = "/v1/operations/bank-statements",
            consumes = {MediaType.APPLICATION_XML_VALUE, MediaType.TEXT_PLAIN_VALUE})
    ResponseEntity<StatementView> post(@RequestBody byte[] body, HttpServletRequest request,
                                       AuthenticatedClient operator) {
        BankStatements.Format format = MediaType.TEXT_PLAIN.isCompatibleWith(MediaType.parseMediaType(
                request.getContentType()))
                ? BankStatements.Format.MT940 : BankStatements.Format.CAMT_053;
        Optional<BankStatementOutcome> outcome = statements.post(body, format, operator.clientId());
        if (outcome.isEmpty()) {
            var read = BankStatements.read(body, format);
            return ResponseEntity.status(HttpStatus.ACCEPTED)
                    .body(new StatementView(read.account(), read.statementId(), "PROCESSING", List.of()));
        }
        BankStatementOutcome applied = outcome.get();
        return ResponseEntity.ok(new StatementView(applied.account(), applied.statementId(), "APPLIED",
                applied.entries().stream().map(EntryView::of).toList()));
    }
}
