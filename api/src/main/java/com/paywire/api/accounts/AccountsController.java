package com.paywire.api.accounts;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.domain.accounts.Accounts;
import com.paywire.vocabulary.ledger.AccountType;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.money.Currencies;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.math.BigDecimal;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Balance Check and Find Charges over {@link Accounts}: both read what the ledger and the fee bands hold. */
@RestController
@Tag(name = "Platform")
@RequiresScope(Scope.ACCOUNTS)
class AccountsController {

    private final Accounts accounts;

    AccountsController(Accounts accounts) {
        this.accounts = accounts;
    }

    @Operation(summary = "Balance Check: available funds of the working (payouts) and utility (collections) accounts, in "
            + "KES; with ccy, in a currency card payments are kept in (the working account holds KES only)")
    @GetMapping({"/v1/customer-accounts/get-wallet-balance", "/v1/customer-accounts/get-wallet-balance-by-id"})
    Balances balances(@RequestParam(value = "ccy", required = false) Integer ccy, AuthenticatedClient client) {
        Accounts.Balances balances = accounts.balances(client.clientId(), ccy);
        return new Balances(List.of(
                new AccountBalance("ACTIVE", "Working account: funds for payouts", balances.working(),
                        AccountType.WORKING.code()),
                new AccountBalance("ACTIVE", "Utility account: collected funds", balances.utility(),
                        AccountType.UTILITY.code())),
                "SUCCESS", balances.working());
    }

    @Operation(summary = "Find Charges By TransactionTypeId: the fee of a transaction type, band by band")
    @GetMapping("/v1/charge/fetch-charges")
    ChargeScale charges(@RequestParam("transactionTypeId") String transactionTypeId, AuthenticatedClient client) {
        Accounts.ChargeScale scale = accounts.charges(client.clientId(), transactionTypeId);
        return new ChargeScale(scale.kind() + " charge", scale.minimum(), Currencies.KES,
                scale.maximum(), scale.bands().stream().map(b -> new ChargeBand(atLeastCents(b.feeAmount()),
                        b.minAmount(), b.maxAmount(), b.feeType())).toList());
    }

    record Balances(
            @Schema(description = "each account's balance")
            List<AccountBalance> customerAccountBalanceList,
            @Schema(description = "the answer's status")
            String status,
            @Schema(description = "the working account's balance, in shillings")
            BigDecimal balance) {
    }

    record AccountBalance(
            @Schema(description = "the account's status")
            String status,
            @Schema(description = "the balance in words")
            String message,
            @Schema(description = "the balance, in shillings")
            BigDecimal balance,
            @Schema(description = "the account's type number")
            int type) {
    }

    /** 10.0000 as 10.00, a percentage of 0.1250 as 0.125. */
    private static BigDecimal atLeastCents(BigDecimal value) {
        BigDecimal stripped = value.stripTrailingZeros();
        return stripped.scale() < Cents.SCALE ? Cents.exact(stripped) : stripped;
    }

    /** The public shape: the charge range of the type and its graduated scale. */
    record ChargeScale(
            @Schema(description = "the route kind the scale applies to")
            String name,
            @Schema(description = "the lowest fee")
            BigDecimal minimumCharge,
            @Schema(description = "the currency's letter code (KES)")
            String currencyName,
            @Schema(description = "the highest fee")
            BigDecimal maximumCharge,
            @Schema(description = "the fee bands, by amount")
            List<ChargeBand> graduatedScaleList) {
    }

    /** @param chargeType FLAT: {@code value} is the fee; PERCENT: {@code value} is a percentage of the amount */
    record ChargeBand(
            @Schema(description = "the fee in this band")
            BigDecimal value,
            @Schema(description = "the band's lowest amount")
            BigDecimal rangeLowerLimit,
            @Schema(description = "the band's highest amount")
            BigDecimal rangeUpperLimit,
            @Schema(description = "how the value is applied (a fixed amount or a percentage)")
            String chargeType) {
    }
}
