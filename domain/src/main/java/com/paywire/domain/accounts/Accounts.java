package com.paywire.domain.accounts;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.cards.CardPayments;
import com.paywire.domain.platform.FieldRules;
import com.paywire.persistence.charges.Charge;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.collections.ShortCodeStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.routes.RouteStore;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransactionType;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.rules.charges.FeeBand;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.rules.routes.Route;
import java.math.BigDecimal;
import java.util.Currency;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.springframework.stereotype.Service;

/**
 * What a client may read of its money: the available funds of its two accounts (working: for payouts; utility:
 * collected), which are in KES, or of its utility account in a currency card payments were taken in, and the
 * charges of the transaction types its routes carry, and of paybill deposits (which have no route) once it holds a
 * short code; and the routes assigned to it.
 */
@Service
public class Accounts {

    /** Paybill deposits in words, as a route's description names its kind. */
    static final String PAYBILL_DEPOSITS = "Paybill deposit";

    private final Ledger ledger;
    private final ChargeBands charges;
    private final RouteStore routes;
    private final ShortCodeStore shortCodes;

    Accounts(Ledger ledger, ChargeBands charges, RouteStore routes, ShortCodeStore shortCodes) {
        this.ledger = ledger;
        this.charges = charges;
        this.routes = routes;
        this.shortCodes = shortCodes;
    }

    public record Balances(BigDecimal working, BigDecimal utility) {
    }

    /**
     * The charge of a transaction type, band by band, with the least and the most it comes to (at either end of
     * any band); zero for both when the type has no bands.
     *
     * @param kind what the type is, in words: its route's description
     */
    public record ChargeScale(String kind, BigDecimal minimum, BigDecimal maximum, List<FeeBand> bands) {
    }

    /** The routes assigned to the client. */
    public List<Route> assignedRoutes(String clientId) {
        return routes.findAssignedTo(clientId);
    }

    /**
     * The balances in one currency. Payouts are in KES only, so in another currency the working account holds
     * nothing; the utility account holds what card payments in that currency collected (none until the first).
     *
     * @param ccy the currency asked for by ISO 4217 number, or null for KES
     * @throws InvalidInputException naming ccy, for a currency neither the accounts nor card payments are in
     */
    public Balances balances(String clientId, Integer ccy) {
        String currency = ccy == null || ccy == Currencies.KES_NUMBER ? Currencies.KES : CardPayments.CURRENCIES.stream()
                .filter(letters -> Currency.getInstance(letters).getNumericCode() == ccy).findFirst()
                .orElseThrow(() -> InvalidInputException.of(null, "ccy", "The ccy is not supported; accounts are in "
                        + "KES (404), and card payments are kept in the currency they were made in: "
                        + CardPayments.CURRENCIES.stream().sorted()
                                .map(c -> c + " (" + Currency.getInstance(c).getNumericCode() + ")").toList() + "."));
        BigDecimal working = Currencies.KES.equals(currency) ? ledger.available(LedgerAccounts.working(clientId))
                : Cents.ZERO;
        return new Balances(working, ledger.available(LedgerAccounts.utility(clientId, currency)));
    }

    /**
     * @param transactionTypeId as the route listing gives it (a GUID, in either case) or Paywire's integer id
     * @throws InvalidInputException when it is neither
     * @throws UnknownResourceException when no route of the client has that transaction type, and it is not the
     *                                  paybill deposits' of a client with a short code
     */
    public ChargeScale charges(String clientId, String transactionTypeId) {
        String text = transactionTypeId == null ? "" : transactionTypeId.strip();
        Predicate<Route> ofType;
        boolean paybillDeposits = false;
        if (FieldRules.INTEGER_ID.matcher(text).matches()) {
            int typeId = Integer.parseInt(text);
            ofType = r -> r.transactionTypeId() == typeId;
            paybillDeposits = typeId == TransactionType.PAYBILL_DEPOSIT.code();
        } else if (FieldRules.GUID.matcher(text).matches()) {
            UUID guid = UUID.fromString(text);
            ofType = r -> r.transactionTypeGuid().equals(guid);
        } else {
            throw InvalidInputException.of(null, "transactionTypeId",
                    "The transactionTypeId must be a route's transactionTypeId GUID or a transaction type number.");
        }
        Optional<Route> route = routes.findAssignedTo(clientId).stream().filter(ofType).findFirst();
        if (route.isPresent()) {
            return scale(route.get().categoryDescription(), route.get().transactionTypeId());
        }
        // priced by the table like a route's, but every client with a short code takes them
        if (paybillDeposits && shortCodes.anyOf(clientId).isPresent()) {
            return scale(PAYBILL_DEPOSITS, TransactionType.PAYBILL_DEPOSIT.code());
        }
        throw new UnknownResourceException("No route of yours has that transactionTypeId");
    }

    private ChargeScale scale(String kind, int transactionTypeId) {
        List<FeeBand> bands = charges.of(transactionTypeId).stream().map(Charge::band).toList();
        List<BigDecimal> fees = bands.stream()
                .flatMap(b -> Stream.of(b.feeFor(b.minAmount()), b.feeFor(b.maxAmount())))
                .toList();
        return new ChargeScale(kind, fees.stream().min(BigDecimal::compareTo).orElse(Cents.ZERO),
                fees.stream().max(BigDecimal::compareTo).orElse(Cents.ZERO), bands);
    }
}
