package com.paywire.domain.accounts;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.platform.FieldRules;
import com.paywire.persistence.accounts.AccountTransferStore;
import com.paywire.persistence.accounts.AccountTransferStore.AccountTransfer;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.ledger.AccountType;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.products.Product;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A client's move of its collected money (utility account) to its payouts (working account), at once: no rail, no
 * fee, no workflow, one ledger transfer under {@code transfer:{id}}, written with its row (V46) in one
 * transaction. The client's originatorConversationId is the idempotency key: the same id again answers the first
 * transfer and moves nothing; with another amount it is refused.
 */
@Service
public class AccountTransfers {

    private static final Logger log = LoggerFactory.getLogger(AccountTransfers.class);

    private final MoneyEngine money;
    private final Ledger ledger;
    private final AccountTransferStore store;
    private final TransactionTemplate transactions;
    private final Clock clock;

    AccountTransfers(MoneyEngine money, Ledger ledger, AccountTransferStore store, TransactionTemplate transactions,
                     Clock clock) {
        this.money = money;
        this.ledger = ledger;
        this.store = store;
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * What a transfer moved, and the two accounts' available balances after this call.
     *
     * @param id       Paywire's id of the transfer (the statement's paymentId)
     * @param repeated the id was used before for the same transfer, which this answers; nothing moved now
     */
    public record Transferred(UUID id, String originatorConversationId, BigDecimal amount,
                              OffsetDateTime transferredAt, BigDecimal utilityAvailable, BigDecimal workingAvailable,
                              boolean repeated) {
    }

    /** The id was used before for another transfer (another amount). */
    public static class IdUsedForAnotherTransfer extends RuntimeException {
        IdUsedForAnotherTransfer() {
            super("This originatorConversationId was used for another transfer; nothing was moved");
        }
    }

    /** The utility account's available funds are short of the amount: nothing was moved. */
    public static class UtilityAccountShort extends RuntimeException {
        UtilityAccountShort(BigDecimal available) {
            super("The utility account has " + available.toPlainString() + " KES available, less than the amount;"
                    + " nothing was moved");
        }
    }

    /**
     * @throws InvalidInputException    a field breaks a rule
     * @throws UtilityAccountShort      the utility account's available funds are short
     * @throws IdUsedForAnotherTransfer the id names an earlier transfer of another amount
     */
    public Transferred transfer(String clientId, String originatorConversationId, BigDecimal amount,
                                Integer fromAccountType, Integer toAccountType) {
        FieldRules rules = new FieldRules();
        String ocid = rules.text("originatorConversationId", originatorConversationId, true, 100);
        if (amount == null) {
            rules.required("amount");
        }
        if (fromAccountType == null) {
            rules.required("fromAccountType");
        } else if (fromAccountType != AccountType.UTILITY.code()) {
            rules.add("fromAccountType", "must be 2: only the utility account's money can be moved to payouts");
        }
        if (toAccountType == null) {
            rules.required("toAccountType");
        } else if (toAccountType != AccountType.WORKING.code()) {
            rules.add("toAccountType", "must be 1: collected money moves to the working account");
        }
        rules.refuseIfAny(originatorConversationId);
        BigDecimal exact = Cents.exact(amount);
        return transactions.execute(status -> move(clientId, ocid, exact));
    }

    private Transferred move(String clientId, String ocid, BigDecimal amount) {
        AccountTransfer candidate = new AccountTransfer(UUID.randomUUID(), clientId, ocid, amount,
                OffsetDateTime.now(clock));
        // the same id sent twice at once: the second insert waits for the first's commit, then finds its row
        if (!store.insert(candidate)) {
            AccountTransfer earlier = store.find(clientId, ocid).orElseThrow();
            if (earlier.amount().compareTo(amount) != 0) {
                throw new IdUsedForAnotherTransfer();
            }
            return answer(earlier, true);
        }
        if (!money.moveUtilityToWorking(Product.ACCOUNT_TRANSFER.key(candidate.id().toString()), clientId, amount,
                "Transfer from the utility account to payouts")) {
            BigDecimal available = ledger.available(LedgerAccounts.utility(clientId)).max(BigDecimal.ZERO);
            // the refusal rolls the row back with it: the id stays free for a transfer that fits
            throw new UtilityAccountShort(Cents.exact(available));
        }
        log.info("Client {} moved {} KES from its utility account to its working account (transfer {})", clientId,
                amount.toPlainString(), candidate.id());
        return answer(candidate, false);
    }

    private Transferred answer(AccountTransfer transfer, boolean repeated) {
        return new Transferred(transfer.id(), transfer.originatorConversationId(), transfer.amount(),
                transfer.createdAt(), ledger.available(LedgerAccounts.utility(transfer.clientId())),
                ledger.available(LedgerAccounts.working(transfer.clientId())), repeated);
    }
}
