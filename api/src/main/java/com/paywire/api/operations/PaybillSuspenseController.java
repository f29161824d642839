package com.paywire.api.operations;

import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.input.PageParameters;
import com.paywire.domain.collections.paybill.PaybillDeposits;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Paybill deposits the rail confirmed that named no client Paywire could credit (an unknown short code or prefix, a
 * disabled client): their money is in the ledger's suspense account, and operators see them here, with the payer's
 * whole phone number to pay them back or find their client.
 */
@RestController
@Tag(name = "Operations")
@RequiresScope(Scope.OPERATIONS)
class PaybillSuspenseController {

    private static final int MAX_LIMIT = 500;

    private final PaybillDeposits deposits;

    PaybillSuspenseController(PaybillDeposits deposits) {
        this.deposits = deposits;
    }

    record SuspendedDeposit(@Schema(description = "Paywire's id of the deposit") UUID id,
                            @Schema(description = "the mobile-money rail's receipt") String receiptNumber,
                            @Schema(description = "the paybill number the payer paid") String shortCode,
                            @Schema(description = "the AccountNo the payer typed") String accountNo,
                            @Schema(description = "what the payer paid, in KES") BigDecimal amount,
                            @Schema(description = "the payer's phone number") String phoneNumber,
                            @Schema(description = "why no client was credited") String reason,
                            @Schema(description = "when Paywire held it in suspense") OffsetDateTime heldAt) {
    }

    record SuspendedDeposits(@Schema(description = "newest first") List<SuspendedDeposit> deposits) {
    }

    @Operation(summary = "Paybill deposits held in suspense, of every client, newest first",
            description = "Limit 1 to 500 (default 100).")
    @GetMapping("/v1/operations/paybill-suspense")
    SuspendedDeposits suspended(@Parameter(description = "how many, newest first: 1 to 500")
                                @RequestParam(value = "Limit", defaultValue = "100") int limit) {
        PageParameters.check("Page", 1, "Limit", limit, MAX_LIMIT);
        return new SuspendedDeposits(deposits.suspended(limit).stream().map(d -> new SuspendedDeposit(d.id(),
                d.receiptNumber(), d.shortCode(), d.accountReference(), d.amount(), d.phoneNumber(),
                d.statusReason(), d.closedAt())).toList());
    }
}
