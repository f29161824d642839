package com.paywire.vocabulary.ledger;

import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rails.Settlement;
import java.util.Optional;

/**
 * The ids of the ledger's accounts (ledger_accounts.id). Money is kept in the currency it came in, with no
 * exchange: the accounts in KES have the plain ids, an account in another currency the same id followed by
 * {@code :} and the currency's letters.
 */
public final class LedgerAccounts {

    /** Paywire's fees, in KES. */
    public static final String FEE_REVENUE = "platform:FEE_REVENUE";
    /** Where a sandbox client's opening float comes from. */
    public static final String FUNDING = "platform:FUNDING";
    /** Payments owed back to their payers, that no order could take and the rail cannot reverse (V19). */
    public static final String REFUNDS_DUE = "platform:REFUNDS_DUE";
    /**
     * Paybill deposits the rail confirmed that name no client Paywire can credit (an unknown AccountNo prefix, a
     * disabled client), waiting for an operator (V33).
     */
    public static final String PAYBILL_SUSPENSE = "platform:PAYBILL_SUSPENSE";
    /**
     * Checkout attempts' payments (a card capture, a phone prompt's money), from the rail taking them until their
     * order credits the merchant, or they are owed back or refunded to the payer (V39). It may not go negative, so no
     * payment pays two orders, or an order and the payer's refund. Checkout orders are in KES only.
     */
    public static final String CHECKOUT_PAYMENTS = "platform:CHECKOUT_PAYMENTS";
    /**
     * Credits on Paywire's bank account (a bank statement's entry) that named no client by a valid funding
     * reference, credited here from {@link #FUNDING} until an operator assigns them to a client (V43). It may not go
     * negative, so an entry is assigned once.
     */
    public static final String FUNDING_SUSPENSE = "platform:FUNDING_SUSPENSE";

    private LedgerAccounts() {
    }

    /** The client's working account: what it pays out, and the fees of what it pays. KES only. */
    public static String working(String clientId) {
        return "client:" + clientId + ":WORKING";
    }

    /** The client's utility account in KES: what it collected. */
    public static String utility(String clientId) {
        return "client:" + clientId + ":UTILITY";
    }

    /** The client's utility account in a currency. */
    public static String utility(String clientId, String currency) {
        return inCurrency(utility(clientId), currency);
    }

    /**
     * What a client owes Paywire, in KES (it may go negative: a debt): a late rail success that found the working
     * account short was booked here, and the client's next KES credits pay it back ({@code Ledger}'s recovery).
     */
    public static String receivable(String clientId) {
        return "client:" + clientId + ":RECEIVABLE";
    }

    /**
     * What a client owes Paywire in another currency than KES: a card dispute's debit that its utility account in
     * that currency could not pay (card payments are kept in their own currency, and a debt is paid back in the
     * currency it was made in).
     */
    public static String receivable(String clientId, String currency) {
        return inCurrency(receivable(clientId), currency);
    }

    /**
     * The receivable a credit to this account pays back: the client's in KES for its working account or its KES
     * utility account ({@link #recoveringClient}), its receivable in that currency for a utility account in another
     * currency (a card dispute's debt, {@link #receivable(String, String)}); empty for any other account.
     */
    public static Optional<String> recoveredReceivable(String accountId) {
        Optional<String> kes = recoveringClient(accountId).map(LedgerAccounts::receivable);
        if (kes.isPresent()) {
            return kes;
        }
        int currency = accountId.lastIndexOf(':');
        if (currency < 0) {
            return Optional.empty();
        }
        return recoveringClient(accountId.substring(0, currency)).filter(c -> accountId.endsWith(":UTILITY"
                + accountId.substring(currency))).map(c -> receivable(c, accountId.substring(currency + 1)));
    }

    /**
     * The client whose receivable a credit to this account pays back: the client's, when the account is its working
     * account or its utility account in KES; empty for any other account (a utility account in another currency
     * too: receivables are in KES).
     */
    public static Optional<String> recoveringClient(String accountId) {
        for (String kind : new String[] {":WORKING", ":UTILITY"}) {
            if (accountId.startsWith("client:") && accountId.endsWith(kind) && accountId.length() > 7 + kind.length()) {
                return Optional.of(accountId.substring(7, accountId.length() - kind.length()));
            }
        }
        return Optional.empty();
    }

    /** What Paywire and a rail owe each other, in KES: payouts credit it, collections debit it. */
    public static String railSettlement(Rail rail) {
        return railSettlement(Settlement.with(rail));
    }

    public static String railSettlement(Rail rail, String currency) {
        return railSettlement(Settlement.with(rail), currency);
    }

    /** The settlement account in KES of a payment's money: its rail's, or for airtime its network's. */
    public static String railSettlement(Settlement settlement) {
        return "rail:" + settlement.ledgerName() + ":SETTLEMENT";
    }

    public static String railSettlement(Settlement settlement, String currency) {
        return inCurrency(railSettlement(settlement), currency);
    }

    public static String feeRevenue(String currency) {
        return inCurrency(FEE_REVENUE, currency);
    }

    private static String inCurrency(String kesAccount, String currency) {
        return Currencies.KES.equals(currency) ? kesAccount : kesAccount + ":" + currency;
    }
}
