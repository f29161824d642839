package com.paywire.api.accounts;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.FieldErrorsException;
import com.paywire.api.errors.ReasonException;
import com.paywire.persistence.charges.Charge;
import com.paywire.persistence.charges.ChargeRepository;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.routes.Route;
import com.paywire.persistence.routes.RouteStore;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Balance Check and Find Charges: both read what the ledger and the fee bands hold. */
@RestController
@Tag(name = "Platform")
@RequiresScope(Scope.ACCOUNTS)
class AccountsController {

    private static final int KES = 404;
    /** Balance {@code type}: public clients read it as an integer. */
    static final int WORKING_ACCOUNT = 1;
    static final int UTILITY_ACCOUNT = 2;

    private static final String KES_LETTERS = "KES";
    private static final BigDecimal ZERO = BigDecimal.ZERO.setScale(2);

    private final Ledger ledger;
    private final ChargeRepository charges;
    private final RouteStore routes;

    AccountsController(Ledger ledger, ChargeRepository charges, RouteStore routes) {
        this.ledger = ledger;
        this.charges = charges;
        this.routes = routes;
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
                new AccountBalance("ACTIVE", "Working account: funds for payouts", working, WORKING_ACCOUNT),
                new AccountBalance("ACTIVE", "Utility account: collected funds", utility, UTILITY_ACCOUNT)),
                "SUCCESS", working);
    }

    @Operation(summary = "Find Charges By TransactionTypeId: the fee of a transaction type, band by band")
    @GetMapping("/v1/charge/fetch-charges")
    ChargeScale charges(@RequestParam("transactionTypeId") int transactionTypeId, AuthenticatedClient client) {
        Route route = routes.findAssignedTo(client.clientId()).stream()
                .filter(r -> r.transactionTypeId() == transactionTypeId).findFirst()
                .orElseThrow(() -> new ReasonException(HttpStatus.NOT_FOUND,
                        "No route of yours has transactionTypeId " + transactionTypeId));
        List<Charge> bands = charges.findByTransactionTypeId(transactionTypeId);
        List<BigDecimal> fees = bands.stream().flatMap(b -> Stream.of(b.feeFor(b.minAmount()), b.feeFor(b.maxAmount())))
                .toList();
        return new ChargeScale(route.categoryDescription() + " charge",
                fees.stream().min(BigDecimal::compareTo).orElse(ZERO), KES_LETTERS,
                fees.stream().max(BigDecimal::compareTo).orElse(ZERO),
                bands.stream().map(b -> new ChargeBand(atLeastCents(b.feeAmount()), b.minAmount(), b.maxAmount(),
                        b.feeType())).toList());
    }

    record Balances(List<AccountBalance> customerAccountBalanceList, String status, BigDecimal balance) {
    }

    record AccountBalance(String status, String message, BigDecimal balance, int type) {
    }

    /** 10.0000 as 10.00, a percentage of 0.1250 as 0.125. */
    private static BigDecimal atLeastCents(BigDecimal value) {
        BigDecimal stripped = value.stripTrailingZeros();
        return stripped.scale() < 2 ? stripped.setScale(2) : stripped;
    }

    /** The public shape: the charge range of the type and its graduated scale. */
    record ChargeScale(String name, BigDecimal minimumCharge, String currencyName, BigDecimal maximumCharge,
                       List<ChargeBand> graduatedScaleList) {
    }

    /** @param chargeType FLAT: {@code value} is the fee; PERCENT: {@code value} is a percentage of the amount */
    record ChargeBand(BigDecimal value, BigDecimal rangeLowerLimit, BigDecimal rangeUpperLimit, String chargeType) {
    }
}
