package com.paywire.api.operations;

import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.domain.money.LedgerCheck;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.OffsetDateTime;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The proof of the books, on demand (docs/operations.md#the-ledger-check): the same check the worker runs every day,
 * over the whole ledger, for an operator who wants to know now.
 */
@RestController
@Tag(name = "Operations")
@RequiresScope(Scope.OPERATIONS)
class LedgerCheckController {

    private final LedgerCheck check;

    LedgerCheckController(LedgerCheck check) {
        this.check = check;
    }

    record CheckView(
            @Schema(description = "the rule checked", example = "balances-equal-entries") String name,
            @Schema(description = "what breaks it, in words",
                    example = "accounts whose balance is not the sum of their entries") String description,
            @Schema(description = "how many break it; 0: the rule holds", example = "0") long count,
            @Schema(description = "the first ten that break it, by id: account ids, hold keys, or a currency with"
                    + " its sum", example = "[]") List<String> firstIds) {
    }

    record LedgerCheckView(
            @Schema(description = "true when every rule holds") boolean ok,
            @Schema(description = "the moment of the ledger checked") OffsetDateTime checkedAt,
            @Schema(description = "every rule, in a fixed order: entries-sum-to-zero, balances-equal-entries,"
                    + " reserved-equals-pending-legs, no-account-below-zero, no-stale-holds")
            List<CheckView> checks) {
    }

    @Operation(summary = "Check the whole ledger: entries sum to zero per currency, balances and reserved match the"
            + " entries and pending legs, no account below what it may, no hold pending past its window unreferred",
            description = "Reads every entry: seconds on a large ledger. The worker runs the same check daily and"
                    + " exports paywire_ledger_check_violations{check}.")
    @GetMapping("/v1/operations/ledger-check")
    LedgerCheckView ledgerCheck() {
        LedgerCheck.Report report = check.run();
        return new LedgerCheckView(report.ok(), report.checkedAt(), report.checks().stream()
                .map(c -> new CheckView(c.name(), c.description(), c.count(), c.firstIds())).toList());
    }
}
