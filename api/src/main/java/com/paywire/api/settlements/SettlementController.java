package com.paywire.api.settlements;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.input.Amount;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.settlements.NewSettlementInstructions;
import com.paywire.domain.settlements.SettlementAccounts;
import com.paywire.domain.settlements.Settlements;
import com.paywire.vocabulary.ledger.BalanceTransactionType;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.settlements.SettledEntry;
import com.paywire.vocabulary.settlements.Settlement;
import com.paywire.vocabulary.settlements.SettlementInstructions;
import com.paywire.vocabulary.settlements.SettlementSchedule;
import com.paywire.vocabulary.settlements.SettlementStatus;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Settlement of collections to the merchant's own bank account: its instructions, settlements made on request
 * or by its schedule, and what each settled ({@link SettlementAccounts}, {@link Settlements}).
 */
@RestController
@Tag(name = "Pay-ins")
@RequiresScope(Scope.COLLECTIONS)
class SettlementController {

    static final String INSTRUCTIONS = "/v1/customer-accounts/settlement-instructions";
    static final String SETTLEMENTS = "/v1/customer-accounts/settlements";

    private final SettlementAccounts accounts;
    private final Settlements settlements;

    SettlementController(SettlementAccounts accounts, Settlements settlements) {
        this.accounts = accounts;
        this.settlements = settlements;
    }

    record InstructionsRequest(
            @Schema(description = "the bank's code (the sandbox's banks answer any code but 99)")
            @Size(max = 6) String bankCode,
            @Schema(description = "the bank account number, 6 to 20 digits")
            @Size(max = 20) String accountNumber,
            @Schema(description = "the account holder's name as the bank holds it; compared as KYC compares names")
            @Size(max = 100) String accountName,
            @Schema(description = "DAILY (every day at the cut-off), WEEKLY (on the configured day at the cut-off) or "
                    + "MANUAL (only when asked)")
            @Size(max = 10) String schedule,
            @Schema(description = "the least a settlement moves, in shillings; a smaller available balance waits")
            BigDecimal minimumAmount) {
    }

    record InstructionsView(
            @Schema(description = "the bank's code") String bankCode,
            @Schema(description = "the account number, all but its last four digits masked") String accountNumber,
            @Schema(description = "the account holder's name") String accountName,
            @Schema(description = "DAILY, WEEKLY or MANUAL") SettlementSchedule schedule,
            @Schema(description = "the least a settlement moves, in shillings") BigDecimal minimumAmount,
            @Schema(description = "the currency's letter code (KES)") String currency,
            @Schema(description = "when the account was last replaced by another; null if never") OffsetDateTime accountChangedAt,
            @Schema(description = "when settlements may first go to the account (24 h after a change)") OffsetDateTime usableFrom,
            @Schema(description = "when the instructions were last changed") OffsetDateTime updatedAt) {

        static InstructionsView of(SettlementInstructions i) {
            return new InstructionsView(i.bankCode(), i.maskedAccountNumber(), i.accountName(), i.schedule(),
                    i.minimumAmount(), Currencies.KES, i.accountChangedAt(), i.usableFrom(), i.updatedAt());
        }
    }

    record SettlementRequest(
            @Schema(description = "your id of the settlement; the same id again answers the same settlement")
            @Size(max = 64) String originatorConversationId,
            @Schema(description = "optional: how much to settle, in shillings; absent, the whole available utility balance")
            @Amount BigDecimal amount) {
    }

    record SettlementView(
            @Schema(description = "Paywire's id of the settlement") UUID settlementId,
            @Schema(description = "your id of it, or scheduled:{cut-off} for one the schedule made")
            String originatorConversationId,
            @Schema(description = "true: made by the schedule at a cut-off") boolean scheduled,
            @Schema(description = "PENDING, PROCESSING (held, at the bank), UNCONFIRMED (no final answer yet, held), "
                    + "PAID or FAILED (the money back on the utility account)") SettlementStatus status,
            @Schema(description = "what leaves the utility account, in shillings") BigDecimal amount,
            @Schema(description = "the bank transfer fee, taken out of the amount") BigDecimal fee,
            @Schema(description = "what the bank pays into the account: amount - fee") BigDecimal netAmount,
            @Schema(description = "the currency's letter code (KES)") String currency,
            @Schema(description = "the bank's code") String bankCode,
            @Schema(description = "the account number, masked") String accountNumber,
            @Schema(description = "the bank's receipt of the payment, once paid") String bankReference,
            @Schema(description = "the outcome's code: 0 paid; otherwise why it failed or is unconfirmed") String resultCode,
            @Schema(description = "the outcome in words") String resultDescription,
            @Schema(description = "when it was made") OffsetDateTime createdAt,
            @Schema(description = "when the bank paid it") OffsetDateTime paidAt,
            @Schema(description = "what the last paid settlement's entries held beyond its amount, settled by this one")
            BigDecimal carriedIn,
            @Schema(description = "what this one's entries hold beyond its amount, left for the next")
            BigDecimal carriedOut,
            @Schema(description = "the utility account's entries it settles (ids as on the statement): their amounts "
                    + "plus carriedIn minus carriedOut make amount") List<EntryView> transactions) {

        static SettlementView of(Settlement s, List<SettledEntry> entries) {
            return new SettlementView(s.id(), s.originatorConversationId(), s.scheduled(), s.status(), s.amount(),
                    s.fee(), s.net(), Currencies.KES, s.bankCode(), s.maskedAccountNumber(), s.bankReference(),
                    s.resultCode(), s.resultDescription(), s.createdAt(), s.paidAt(), s.carriedIn(), s.carriedOut(),
                    entries.stream().map(EntryView::of).toList());
        }
    }

    record EntryView(
            @Schema(description = "the statement entry's id") long id,
            @Schema(description = "when it was posted") OffsetDateTime postedAt,
            @Schema(description = "the balance transaction's type") BalanceTransactionType type,
            @Schema(description = "the product it belongs to") String product,
            @Schema(description = "Paywire's id of the payment it belongs to") String paymentId,
            @Schema(description = "the entry's description") String description,
            @Schema(description = "what it moved on the utility account, in shillings") BigDecimal amount) {

        static EntryView of(SettledEntry e) {
            return new EntryView(e.entryId(), e.postedAt(), e.type(), e.product(), e.paymentId(), e.description(),
                    e.amount());
        }
    }

    record SettlementList(@Schema(description = "the settlements, newest first (at most 100)") List<SettlementView> settlements) {
    }

    @Operation(summary = "Set Settlement Instructions: the bank account collections are settled to, and when",
            description = "A new bank account is checked at the bank's account registry before it is saved (the call "
                    + "waits for the answer, 10 s at most): an account the bank does not know, one that cannot receive "
                    + "money, a holder whose name does not match accountName, or no answer in time, is refused with a "
                    + "field error and nothing changes. Replacing the account publishes settlement.instructions_changed "
                    + "and no settlement goes to the new account for 24 hours; changing only the schedule or the "
                    + "minimum does not.")
    @PutMapping(INSTRUCTIONS)
    InstructionsView put(@Valid @RequestBody InstructionsRequest body, AuthenticatedClient client) {
        return InstructionsView.of(accounts.put(client.clientId(), new NewSettlementInstructions(body.bankCode(),
                body.accountNumber(), body.accountName(), body.schedule(), body.minimumAmount())));
    }

    @Operation(summary = "Get Settlement Instructions: the bank account and schedule in force")
    @GetMapping(INSTRUCTIONS)
    InstructionsView get(AuthenticatedClient client) {
        return accounts.instructions(client.clientId()).map(InstructionsView::of)
                .orElseThrow(() -> new UnknownResourceException("No settlement instructions are set"));
    }

    @Operation(summary = "Settle Now: settles the utility account's available balance (or amount) to the bank account",
            description = "Refused with a field error when there are no instructions, within 24 hours of a change of "
                    + "account, while another settlement is open, or for an amount below the minimum, above the "
                    + "available balance or not above its fee. The amount and fee are held on the utility account "
                    + "before the bank is asked; settlement.paid or settlement.failed follows. The same "
                    + "originatorConversationId again answers the same settlement.")
    @PostMapping(SETTLEMENTS)
    SettlementView settle(@Valid @RequestBody SettlementRequest body, AuthenticatedClient client) {
        Settlement s = settlements.request(client.clientId(), body.originatorConversationId(), body.amount());
        return SettlementView.of(s, settlements.entries(s));
    }

    @Operation(summary = "List Settlements: the client's settlements made in [from, to), newest first, with what each "
            + "settles")
    @GetMapping(SETTLEMENTS)
    SettlementList list(@RequestParam(value = "from", required = false) String from,
                        @RequestParam(value = "to", required = false) String to, AuthenticatedClient client) {
        return new SettlementList(settlements.list(client.clientId(), from, to).stream()
                .map(s -> SettlementView.of(s, settlements.entries(s))).toList());
    }

    @Operation(summary = "Get Settlement: one settlement, its status, bank reference and the utility entries it settles")
    @GetMapping(SETTLEMENTS + "/{settlementId}")
    SettlementView one(@PathVariable("settlementId") String settlementId, AuthenticatedClient client) {
        UUID id;
        try {
            id = UUID.fromString(settlementId);
        } catch (IllegalArgumentException notAnId) {
            throw new UnknownResourceException("No such settlement");
        }
        Settlement s = settlements.find(client.clientId(), id)
                .orElseThrow(() -> new UnknownResourceException("No such settlement"));
        return SettlementView.of(s, settlements.entries(s));
    }
}
