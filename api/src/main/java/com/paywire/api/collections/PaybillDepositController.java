package com.paywire.api.collections;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.collections.paybill.PaybillDepositView;
import com.paywire.domain.collections.paybill.PaybillDeposits;
import com.paywire.domain.paybacks.CollectionReversals;
import com.paywire.vocabulary.collections.PaybillSettings;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Paybill deposits (C2B) as their client sees them: found by the rail's receipt or by its own reference (the
 * AccountNo less its prefix), and where they are announced. Another client's deposit is not found.
 */
@RestController
@Tag(name = "Pay-ins")
@RequiresScope(Scope.COLLECTIONS)
class PaybillDepositController {

    private final PaybillDeposits deposits;
    private final CollectionReversals reversals;

    PaybillDepositController(PaybillDeposits deposits, CollectionReversals reversals) {
        this.deposits = deposits;
        this.reversals = reversals;
    }

    record Found(@Schema(description = "the deposits found, newest first (one for a receipt)")
                 List<PaybillDepositView> deposits) {
    }

    @Schema(example = """
            {"callbackUrl":"https://merchant.example/paybill","validationUrl":null}""")
    record SettingsRequest(
            @Schema(description = "where each credited deposit is POSTed, signed with your callback secret; null: "
                    + "none (webhooks for c2b.received still get it)", example = "https://merchant.example/paybill")
            String callbackUrl,
            @Schema(description = "the URL Paywire asks before a deposit is accepted; null: none, Paywire's own "
                    + "checks decide", example = "https://merchant.example/paybill/validate")
            String validationUrl) {
    }

    record SettingsAnswer(
            @Schema(description = "where each credited deposit is POSTed; null: none") String callbackUrl,
            @Schema(description = "the URL asked before a deposit is accepted; null: none") String validationUrl) {

        static SettingsAnswer of(PaybillSettings settings) {
            return new SettingsAnswer(settings.callbackUrl(), settings.validationUrl());
        }
    }

    @Operation(summary = "Find paybill deposits by the rail's ReceiptNumber or by your AccountReference",
            description = "Give exactly one of ReceiptNumber (the payer's receipt) and AccountReference (the AccountNo "
                    + "the payer typed less your prefix). 404 when none of your deposits matches.")
    @GetMapping("/v1/paybill-deposit/check-status")
    Found checkStatus(@Parameter(description = "the mobile-money rail's receipt, as the payer's message shows it")
                      @RequestParam(value = "ReceiptNumber", required = false) String receiptNumber,
                      @Parameter(description = "your reference: the AccountNo the payer typed, less your prefix")
                      @RequestParam(value = "AccountReference", required = false) String accountReference,
                      AuthenticatedClient client) {
        if ((receiptNumber == null) == (accountReference == null)) {
            throw InvalidInputException.of(null, "ReceiptNumber",
                    "Give exactly one of ReceiptNumber and AccountReference.");
        }
        List<PaybillDepositView> found = (receiptNumber != null
                ? deposits.findByReceipt(client.clientId(), receiptNumber).stream().toList()
                : deposits.findByReference(client.clientId(), accountReference))
                .stream().map(d -> PaybillDepositView.of(d, reversals.latestOf(d.id()).orElse(null))).toList();
        if (found.isEmpty()) {
            // named by its parameter, never quoted: messages do not echo what was sent
            throw new ReasonException(HttpStatus.NOT_FOUND, receiptNumber != null
                    ? "No paybill deposit of yours has that ReceiptNumber."
                    : "No paybill deposit of yours has that AccountReference.");
        }
        return new Found(found);
    }

    @Operation(summary = "Your paybill deposit settings: the callback URL and the validation URL")
    @GetMapping("/v1/paybill-deposit/settings")
    SettingsAnswer settings(AuthenticatedClient client) {
        return SettingsAnswer.of(deposits.settings(client.clientId()));
    }

    @Operation(summary = "Set where paybill deposits are announced and the URL asked before one is accepted",
            description = "Both replace what was set; null removes one. Each must be a URL Paywire may call "
                    + "(https, a public address; see docs/security.md).")
    @PutMapping("/v1/paybill-deposit/settings")
    SettingsAnswer saveSettings(@RequestBody SettingsRequest request, AuthenticatedClient client) {
        return SettingsAnswer.of(deposits.saveSettings(new PaybillSettings(client.clientId(), request.callbackUrl(),
                request.validationUrl())));
    }
}
