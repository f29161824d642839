package com.paywire.api.accounts;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.InsufficientScopeException;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.domain.accounts.Statements;
import com.paywire.vocabulary.ledger.AccountType;
import com.paywire.vocabulary.ledger.BalanceTransactionType;
import com.paywire.vocabulary.ledger.StatementEntry;
import com.paywire.vocabulary.ledger.StatementPeriod;
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
 * posted, each a balance transaction (gross, fee, net), as JSON or, for {@code Accept: text/csv}, as CSV. Either scope lets a token in; the account asked for
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

    @Operation(summary = "Account Statement: the posted entries of the working (accountType 1, scope payouts), "
            + "utility (accountType 2, scope collections) or receivable (accountType 3, either scope: what the "
            + "client owes Paywire and what its credits paid back) account over [from, to), a page at a time",
            description = "Each entry is a balance transaction: its type, the gross amount the payer paid or got back, "
                    + "the fee the account bore and the net it moved (netAmount = grossAmount - feeAmount = amount), "
                    + "with the payment's ids and the rail's receipt. A collection's fee is on its own line (a paybill "
                    + "deposit of 150.00: grossAmount 150.00, feeAmount 0.83, netAmount 149.17); a payout's fee is "
                    + "an entry of its own (type PAYOUT_FEE, grossAmount 0.00, feeAmount the fee, fee true); a "
                    + "refund's fee share returned is a negative feeAmount; what a credit paid back of the receivable is an "
                    + "entry of type RECEIVABLE_RECOVERY on the account credited and on the receivable, with the "
                    + "debt's payment (a payout paid late) as its product and paymentId. The period's netAmounts add up to "
                    + "closingBalance - openingBalance.")
    @GetMapping(value = PATH, produces = MediaType.APPLICATION_JSON_VALUE)
    StatementPage statement(@ParameterObject Statements.Query query, AuthenticatedClient client) {
        return StatementPage.of(read(client, query));
    }

    @Operation(summary = "Account Statement as CSV: the same page, a header row and one row per entry (the "
            + "balance transaction's columns after the first nine)")
    @GetMapping(value = PATH, produces = TEXT_CSV)
    String statementCsv(@ParameterObject Statements.Query query, AuthenticatedClient client) {
        Statements.Statement statement = read(client, query);
        return StatementCsv.write(statement.content().entries().stream().map(EntryLine::of).toList());
    }

    private Statements.Statement read(AuthenticatedClient client, Statements.Query query) {
        AccountType type = Statements.accountType(query.accountType());
        // the receivable is debited by payouts and paid back from collections too: either scope (which
        // @RequiresScope already asked for) lets its statement be read
        if (type != AccountType.RECEIVABLE) {
            InsufficientScopeException.require(client, type == AccountType.WORKING ? Scope.PAYOUTS
                    : Scope.COLLECTIONS);
        }
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
            StatementPeriod period = s.content().period();
            return new StatementPage(s.accountType().code(), s.currency(), s.from(), s.to(), period.opening(),
                    period.closing(), s.page(), s.pageSize(), period.entries(),
                    s.content().entries().stream().map(EntryLine::of).toList());
        }
    }

    /**
     * One posted entry of the account as a balance transaction. The first nine fields are the entry as it always was;
     * the balance transaction's fields follow. Signs are the account's: {@code netAmount} (= {@code amount}) credits
     * it when positive, {@code feeAmount} is the fee the account bore (negative: a fee given back, as a refund's fee
     * share), and {@code grossAmount = netAmount + feeAmount} is what the payer paid or got back.
     *
     * @param product          PAYOUT, EXPRESS_DEPOSIT, CHECKOUT, AIRTIME, BILL, CARD, PAYBILL_DEPOSIT, FUNDING or
     *                         OTHER
     * @param clientReference  your id of the payment: a payout line's systemTraceAuditNumber, otherwise the
     *                         originatorConversationId; null where the entry belongs to no payment of yours
     * @param paywireReference Paywire's id of the payment (its systemConversationId)
     * @param fee              true: the entry is the payment's fee, booked apart from its amount (a payout's)
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
            BigDecimal runningBalance,
            @Schema(description = "what the balance transaction is")
            BalanceTransactionType type,
            @Schema(description = "what the payer paid (positive) or was paid or given back (negative): "
                    + "netAmount plus feeAmount; 0.00 for a payout's fee line", example = "150.00")
            BigDecimal grossAmount,
            @Schema(description = "the fee the account bore: positive a fee charged, negative a fee given back "
                    + "(a refund's share)", example = "0.83")
            BigDecimal feeAmount,
            @Schema(description = "what the account moved, equal to amount: grossAmount minus feeAmount",
                    example = "149.17")
            BigDecimal netAmount,
            @Schema(description = "Paywire's id of the payment itself, as the timeline finds it: a payout line's "
                    + "rail reference, an airtime recipient's id, a CaptureId, a deposit's id; null for no product")
            String paymentId,
            @Schema(description = "the rail's receipt of the payment, as the payer's or recipient's message shows "
                    + "it; null where the rail gave none")
            String receiptNumber,
            @Schema(description = "when the money became available on the account, or left it: the entry's posting")
            OffsetDateTime availableAt) {

        static EntryLine of(StatementEntry e) {
            return new EntryLine(e.id(), e.time(), e.description(), e.product(), e.clientReference(),
                    e.paywireReference(), e.fee(), e.amount(), e.runningBalance(), e.type(), e.grossAmount(),
                    e.feeAmount(), e.netAmount(), e.paymentId(), e.receiptNumber(), e.availableAt());
        }

        Stream<Object> cells() {
            return Stream.of(entryId, time.toInstant(), description, product, clientReference, paywireReference, fee,
                    amount, runningBalance, type.name(), grossAmount, feeAmount, netAmount, paymentId, receiptNumber,
                    availableAt.toInstant());
        }
    }
}
