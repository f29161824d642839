package com.paywire.api.console;

import com.paywire.api.auth.Scope;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.settlements.SettlementAccounts;
import com.paywire.domain.settlements.Settlements;
import com.paywire.vocabulary.settlements.Settlement;
import io.swagger.v3.oas.annotations.Hidden;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;

/**
 * The merchant's settlements: its instructions in force, its settlements newest first, and one settlement with the
 * utility entries it settles. They need the collections scope; another client's settlement answers 404.
 */
@Hidden
@RestController
class SettlementsPageController {

    private final Settlements settlements;
    private final SettlementAccounts accounts;
    private final ConsolePages pages;

    SettlementsPageController(Settlements settlements, SettlementAccounts accounts, ConsolePages pages) {
        this.settlements = settlements;
        this.accounts = accounts;
        this.pages = pages;
    }

    @GetMapping("/console/settlements")
    ResponseEntity<String> list(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session) {
        if (!session.holds(Scope.COLLECTIONS)) {
            return notForThisClient(session);
        }
        Map<String, Object> model = new HashMap<>();
        model.put("instructions", accounts.instructions(session.clientId()).orElse(null));
        model.put("settlements", settlements.list(session.clientId(), null, null));
        return pages.page(HttpStatus.OK, "settlements", session, model);
    }

    @GetMapping("/console/settlements/{id}")
    ResponseEntity<String> one(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session,
                               @PathVariable String id) {
        if (!session.holds(Scope.COLLECTIONS)) {
            return notForThisClient(session);
        }
        UUID settlementId;
        try {
            settlementId = UUID.fromString(id);
        } catch (IllegalArgumentException notAnId) {
            throw new UnknownResourceException("No such settlement");
        }
        Settlement settlement = settlements.find(session.clientId(), settlementId)
                .orElseThrow(() -> new UnknownResourceException("No such settlement"));
        Map<String, Object> model = new HashMap<>();
        model.put("settlement", settlement);
        model.put("entries", settlements.entries(settlement));
        return pages.page(HttpStatus.OK, "settlement", session, model);
    }

    private ResponseEntity<String> notForThisClient(ConsoleSession session) {
        return pages.message(HttpStatus.FORBIDDEN, session, "Not for this client",
                "Your client does not hold the collections scope, which settlements need.");
    }
}
