package com.paywire.domain.accounts;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.cards.CardPayments;
import com.paywire.domain.platform.PeriodBounds;
import com.paywire.persistence.ledger.LedgerStatement;
import com.paywire.vocabulary.ledger.AccountType;
import com.paywire.vocabulary.ledger.LedgerStatementPage;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.rules.FieldProblem;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Service;

/**
 * A client's statement of one of its accounts: the posted entries of a period, a page at a time, with the balance
 * at either end of the period, so that the period's entries add up to its closing minus its opening balance.
 */
@Service
public class Statements {

    public static final int MAX_PAGE_SIZE = 500;
    public static final int DEFAULT_PAGE_SIZE = 100;

    /** What was asked, as sent (the query parameters, all optional); {@link #statement} validates it. */
    public record Query(String accountType, String from, String to, String page, String pageSize, String currency) {
    }

    /** @param currency the ISO 4217 letter code of the account: KES, or one card payments were taken in */
    public record Statement(AccountType accountType, String currency, Instant from, Instant to, int page, int pageSize,
                            LedgerStatementPage content) {
    }

    private final LedgerStatement ledger;
    private final Clock clock;

    Statements(LedgerStatement ledger, Clock clock) {
        this.ledger = ledger;
        this.clock = clock;
    }

    /**
     * The account type asked for, before anything else is read: the caller's scope depends on it.
     *
     * @throws InvalidInputException naming accountType unless it is 1, 2 or 3
     */
    public static AccountType accountType(String value) {
        for (AccountType type : AccountType.values()) {
            if (String.valueOf(type.code()).equals(value == null ? null : value.strip())) {
                return type;
            }
        }
        throw InvalidInputException.of(null, "accountType", "The accountType must be 1 (working account), 2 (utility account) or 3 (receivable: what you owe Paywire).");
    }

    /** @throws InvalidInputException naming every parameter that is malformed or out of range */
    public Statement statement(String clientId, Query query) {
        List<FieldProblem> problems = new ArrayList<>();
        AccountType type = accountType(query.accountType());
        String currency = currency(query.currency(), type, problems);
        Instant from = PeriodBounds.parse(query.from(), "from", false, Instant.EPOCH, problems);
        Instant to = PeriodBounds.parse(query.to(), "to", true, clock.instant(), problems);
        int page = number(query.page(), "page", 1, Integer.MAX_VALUE, 1, problems);
        int pageSize = number(query.pageSize(), "pageSize", 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, problems);
        if (problems.isEmpty() && !from.isBefore(to)) {
            problems.add(new FieldProblem("to", "to must be after from."));
        }
        if (!problems.isEmpty()) {
            throw new InvalidInputException(null, problems);
        }
        return new Statement(type, currency, from, to, page, pageSize,
                ledger.page(type.ledgerAccount(clientId, currency), clientId, from, to, (long) (page - 1) * pageSize,
                        pageSize));
    }

    /**
     * KES unless asked; the utility account is also kept in each currency card payments are taken in, and so is the
     * receivable (what a card dispute in that currency left owed).
     */
    private static String currency(String value, AccountType type, List<FieldProblem> problems) {
        if (value == null || value.isBlank()) {
            return Currencies.KES;
        }
        String letters = value.strip().toUpperCase(Locale.ROOT);
        if (type == AccountType.WORKING && !Currencies.KES.equals(letters)) {
            problems.add(new FieldProblem("currency", "The working account is in KES only."));
        } else if (!CardPayments.CURRENCIES.contains(letters)) {
            problems.add(new FieldProblem("currency", "currency must be an ISO 4217 letter code the accounts are "
                    + "kept in: " + CardPayments.CURRENCIES.stream().sorted().toList() + "."));
        } else {
            return letters;
        }
        return Currencies.KES;
    }

    private static int number(String value, String field, int min, int max, int absent, List<FieldProblem> problems) {
        if (value == null || value.isBlank()) {
            return absent;
        }
        try {
            int number = Integer.parseInt(value.strip());
            if (number >= min && number <= max) {
                return number;
            }
        } catch (NumberFormatException notANumber) {
            // answered below, as an out-of-range number is
        }
        problems.add(new FieldProblem(field, field + " must be a whole number from " + min + " to " + max + "."));
        return absent;
    }
}
