package com.paywire.api.operations;

import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.input.PageParameters;
import com.paywire.domain.operations.OperatorActions;
import com.paywire.vocabulary.operations.OperatorActionKind;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The operators' audit log: every operator action that moved money, newest first. */
@RestController
@Tag(name = "Operations")
@RequiresScope(Scope.OPERATIONS)
class OperatorAuditLogController {

    private static final int MAX_LIMIT = 500;

    private final OperatorActions actions;

    OperatorAuditLogController(OperatorActions actions) {
        this.actions = actions;
    }

    record ActionView(@Schema(description = "what the operator did") OperatorActionKind action,
                      @Schema(description = "what it acted on: a bank entry's reference or a paybill receipt")
                      String subject,
                      @Schema(description = "the operator client that acted") String operatorId,
                      @Schema(description = "the client whose account the money reached; null for a return to a payer")
                      String clientId,
                      @Schema(description = "the amount moved") BigDecimal amount,
                      @Schema(description = "ISO 4217 letters") String currency,
                      @Schema(description = "the operator's reason") String reason,
                      @Schema(description = "the ledger key the money moved under") String ledgerKey,
                      @Schema(description = "when") OffsetDateTime actedAt) {
    }

    record ActionList(@Schema(description = "newest first") List<ActionView> actions) {
    }

    @Operation(summary = "The operators' audit log: every operator action that moved money, newest first",
            description = "Limit 1 to 500 (default 100).")
    @GetMapping("/v1/operations/audit-log")
    ActionList newest(@Parameter(description = "how many, newest first: 1 to 500")
                      @RequestParam(value = "Limit", defaultValue = "100") int limit) {
        PageParameters.check("Page", 1, "Limit", limit, MAX_LIMIT);
        return new ActionList(actions.newest(limit).stream().map(a -> new ActionView(a.action(), a.subject(),
                a.operatorId(), a.clientId(), a.amount(), a.currency(), a.reason(), a.ledgerKey(), a.actedAt()))
                .toList());
    }
}
