package com.paywire.api.console;

import com.paywire.api.auth.Scope;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.accounts.Accounts;
import com.paywire.domain.accounts.Statements;
import com.paywire.domain.funding.FundingProperties;
import com.paywire.domain.funding.FundingReferences;
import com.paywire.vocabulary.ledger.AccountType;
import io.swagger.v3.oas.annotations.Hidden;
import java.util.HashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The console's first page: the client's balances, how to top up its working account by bank transfer, and the
 * statement of one account, newest page first, as the balance, funding instructions and statement operations
 * answer them (and with the scopes they need).
 */
@Hidden
@RestController
class OverviewController {

    static final int STATEMENT_PAGE_SIZE = 20;

    private final Accounts accounts;
    private final Statements statements;
    private final ConsolePages pages;
    private final FundingReferences fundingReferences;
    private final FundingProperties funding;

    OverviewController(Accounts accounts, Statements statements, ConsolePages pages,
                       FundingReferences fundingReferences, FundingProperties funding) {
        this.accounts = accounts;
        this.statements = statements;
        this.pages = pages;
        this.fundingReferences = fundingReferences;
        this.funding = funding;
    }

    /** How the client tops up its working account, as the funding instructions operation answers it. */
    record FundingView(String bankName, String bankCode, String accountNumber, String accountName, String currency,
                       String fundingReference) {
    }

    /** @param page the statement's page, from 1 (oldest); absent: the newest */
    @GetMapping(ConsoleSessions.PATH)
    ResponseEntity<String> overview(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session,
                                    @RequestParam(value = "account", defaultValue = "1") String account,
                                    @RequestParam(value = "page", required = false) String page) {
        AccountType type = String.valueOf(AccountType.UTILITY.code()).equals(account)
                ? AccountType.UTILITY : AccountType.WORKING;
        Scope needed = type == AccountType.WORKING ? Scope.PAYOUTS : Scope.COLLECTIONS;
        Map<String, Object> model = new HashMap<>();
        model.put("account", type.code());
        model.put("balances", session.holds(Scope.ACCOUNTS) ? accounts.balances(session.clientId(), null) : null);
        FundingProperties.BankAccount bank = funding.bankAccount();
        // the funding instructions need the payouts scope, as their operation does
        model.put("funding", session.holds(Scope.PAYOUTS) ? new FundingView(bank.bankName(), bank.bankCode(),
                bank.accountNumber(), bank.accountName(), bank.currency(), fundingReferences.of(session.clientId()))
                : null);
        if (session.holds(needed)) {
            Statements.Statement statement = statement(session.clientId(), type, page);
            long entries = statement.content().period().entries();
            int pageCount = (int) Math.max(1, (entries + STATEMENT_PAGE_SIZE - 1) / STATEMENT_PAGE_SIZE);
            model.put("statement", statement);
            model.put("entries", statement.content().entries().reversed()); // newest first, as the pages go
            model.put("pageCount", pageCount);
            model.put("older", statement.page() > 1 ? statement.page() - 1 : null);
            model.put("newer", statement.page() < pageCount ? statement.page() + 1 : null);
        } else {
            model.put("statement", null);
            model.put("statementRefusal", "Your client does not hold the " + needed.value()
                    + " scope, which this account's statement needs.");
        }
        return pages.page(HttpStatus.OK, "overview", session, model);
    }

    /** Any other console address: a page saying so, not the API's JSON answer. */
    @GetMapping(ConsoleSessions.PATH + "/**")
    ResponseEntity<String> nothingHere() {
        throw new UnknownResourceException("No console page there");
    }

    /** The page asked for, or the newest when none is. */
    private Statements.Statement statement(String clientId, AccountType type, String page) {
        Statements.Statement asked = statements.statement(clientId, query(type, page == null ? "1" : page));
        long entries = asked.content().period().entries();
        if (page != null || entries <= STATEMENT_PAGE_SIZE) {
            return asked;
        }
        long newest = (entries + STATEMENT_PAGE_SIZE - 1) / STATEMENT_PAGE_SIZE;
        return statements.statement(clientId, query(type, String.valueOf(newest)));
    }

    private static Statements.Query query(AccountType type, String page) {
        return new Statements.Query(String.valueOf(type.code()), null, null, page,
                String.valueOf(STATEMENT_PAGE_SIZE), null);
    }
}
