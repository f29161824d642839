package com.paywire.api.accounts;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.FieldErrorsException;
import com.paywire.persistence.charges.Charge;
import com.paywire.persistence.charges.ChargeRepository;
import com.paywire.persistence.ledger.Ledger;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.math.BigDecimal;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Balance Check and Find Charges: both read what the ledger and the fee bands hold. */
@RestController
@Tag(name = "Platform")
@RequiresScope(Scope.ACCOUNTS)
class AccountsController {

    private static final int KES = 404;

    private final Ledger ledger;
    private final ChargeRepository charges;

    AccountsController(Ledger ledger, ChargeRepository charges) {
        this.ledger = ledger;
        this.charges = charges;
    }

    @Operation(summary = "Balance Check: available funds of the working (payouts) and utility (collections) accounts")
    @GetMapping({"/v1/customer-accounts/get-wallet-balance", "/v1/customer-accounts/get-wallet-balance-by-id"})
    Balances balances(@RequestParam(value = "ccy", required = false) Integer ccy, AuthenticatedClient client) {
        if (ccy != null && ccy != KES) {
            throw FieldErrorsException.of(null, "ccy", "The ccy " + ccy + " is not supported; accounts are in KES (404).");
        }
        BigDecimal working = ledger.available(Ledger.working(client.clientId()));
        BigDecimal utility = ledger.available(Ledger.utility(client.clientId()));
        return new Balances(List.of(
                new AccountBalance("ACTIVE", "Working account: funds for payouts", working, "WORKING"),
                new AccountBalance("ACTIVE", "Utility account: collected funds", utility, "UTILITY")),
                "SUCCESS", working);
    }

    @Operation(summary = "Find Charges By TransactionTypeId: the fee bands of a transaction type")
    @GetMapping("/v1/charge/fetch-charges")
    ChargeList charges(@RequestParam("transactionTypeId") int transactionTypeId, AuthenticatedClient client) {
        return new ChargeList(charges.findByTransactionTypeId(transactionTypeId));
    }

    record Balances(List<AccountBalance> customerAccountBalanceList, String status, BigDecimal balance) {
    }

    record AccountBalance(String status, String message, BigDecimal balance, String type) {
    }

    record ChargeList(List<Charge> charges) {
    }
}
