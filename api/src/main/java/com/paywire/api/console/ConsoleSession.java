package com.paywire.api.console;

import com.paywire.api.auth.Scope;
import java.util.Set;

/**
 * The client signed in to the console for this request, as its row is now.
 *
 * @param scopes    what the client holds: the console shows and does what a token of the client could
 * @param csrfToken what every form of the session carries back ({@link ConsoleSessions#csrfToken})
 */
public record ConsoleSession(String clientId, String clientName, Set<String> scopes, String csrfToken) {

    /** Where {@link ConsoleGuard} leaves the session for the controllers ({@code @RequestAttribute}). */
    static final String ATTRIBUTE = "paywire.console.session";

    public boolean holds(Scope scope) {
        return scopes.contains(scope.value());
    }
}
