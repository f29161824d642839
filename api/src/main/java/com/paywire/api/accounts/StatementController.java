package com.paywire.api.accounts;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.InsufficientScopeException;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.domain.accounts.Statements;
import com.paywire.persistence.ledger.LedgerStatement;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.stream.Stream;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The statement of the working (payouts) or utility (collections) account: its posted entries in the order they were
 * posted, as JSON or, for {@code Accept: text/csv}, as CSV. Either scope lets a token in; the account asked for
 * decides which one it must carry.
 */
@RestController
@Tag(name = "Platform")
@RequiresScope({Scope.PAYOUTS, Scope.COLLECTIONS})
class StatementController {

    static final String PATH = "/v1/customer-accounts/statement";
    static final String TEXT_CSV = "text/csv";

    private final Statements statements;

    StatementController(Statements statements) {
        this.statements = statements;
    }

    @Operation(summary = "Account Statement: the posted entries of the working (accountType 1, scope payouts) or "
            + "utility (accountType 2, scope collections) account over [from, to), a page at a time")
    @GetMapping(value = PATH, produces = MediaType.APPLICATION_JSON_VALUE)
    StatementPage statement(@ParameterObject Statements.Query query, AuthenticatedClient client) {
        return StatementPage.of(read(client, query));
    }

    @Operation(summary = "Account Statement as CSV: the same page, a header row and one row per entry")
    @GetMapping(value = PATH, produces = TEXT_CSV)
    String statementCsv(@ParameterObject Statements.Query query, AuthenticatedClient client) {
        Statements.Statement statement = read(client, query);
        return StatementCsv.write(statement.content().entries().stream().map(EntryLine::of).toList());
    }

    private Statements.Statement read(AuthenticatedClient client, Statements.Query query) {
        Statements.AccountType type = Statements.accountType(query.accountType());
        InsufficientScopeException.require(client, type == Statements.AccountType.WORKING ? Scope.PAYOUTS
                : Scope.COLLECTIONS);
        return statements.statement(client.clientId(), query);
    }

    /**
     * @param openingBalance the posted balance at {@code from}; {@code closingBalance} at {@code to}. The period's
     *                       entries (all its pages) add up to closingBalance minus openingBalance.
     */
    record StatementPage(
            @Schema(description = "the account's type number")
            int accountType,
            @Schema(description = "the currency's letter code (KES)")
            String currency,
            @Schema(description = "the start of the period (inclusive)")
            Instant from,
            @Schema(description = "the end of the period (exclusive)")
            Instant to,
            @Schema(description = "the balance at the start of the period")
            BigDecimal openingBalance,
            @Schema(description = "the balance at the end of the period")
            BigDecimal closingBalance,
            @Schema(description = "the page number, from 1")
            int page,
            @Schema(description = "the most items on one page")
            int pageSize,
            @Schema(description = "how many entries the period has")
            long totalEntries,
            @Schema(description = "the entries on this page, oldest first")
            List<EntryLine> entries) {

        static StatementPage of(Statements.Statement s) {
            LedgerStatement.Period period = s.content().period();
            return new StatementPage(s.accountType().number(), s.currency(), s.from(), s.to(), period.opening(), period.closing(),
                    s.page(), s.pageSize(), period.entries(),
                    s.content().entries().stream().map(EntryLine::of).toList());
        }
    }

    /**
     * @param product          PAYOUT, EXPRESS_DEPOSIT, CHECKOUT, AIRTIME, BILL, FUNDING or OTHER
     * @param clientReference  your id of the payment: a payout line's systemTraceAuditNumber, otherwise the
     *                         originatorConversationId; null where the entry belongs to no payment of yours
     * @param paywireReference Paywire's id of the payment (its systemConversationId)
     * @param fee              true: the entry is the payment's fee, booked apart from its amount
     * @param amount           credit positive, debit negative
     * @param runningBalance   the account's posted balance after this entry
     */
    record EntryLine(
            @Schema(description = "the entry's id; entries are in its order")
            long entryId,
            @Schema(description = "when the entry was posted")
            OffsetDateTime time,
            @Schema(description = "what the entry is, in words")
            String description,
            @Schema(description = "the product it belongs to")
            String product,
            @Schema(description = "the client's own id of the payment")
            String clientReference,
            @Schema(description = "Paywire's id of the payment")
            String paywireReference,
            @Schema(description = "true: the entry is Paywire's fee")
            boolean fee,
            @Schema(description = "the amount: positive credits the account, negative debits it")
            BigDecimal amount,
            @Schema(description = "the balance after the entry")
            BigDecimal runningBalance) {

        static EntryLine of(LedgerStatement.Entry e) {
            return new EntryLine(e.id(), e.time(), e.description(), e.product(), e.clientReference(),
                    e.paywireReference(), e.fee(), e.amount(), e.runningBalance());
        }

        Stream<Object> cells() {
            return Stream.of(entryId, time.toInstant(), description, product, clientReference, paywireReference, fee,
                    amount, runningBalance);
        }
    }
}
