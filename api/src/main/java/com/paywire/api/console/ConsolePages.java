package com.paywire.api.console;

import com.paywire.api.pages.HostedPages;
import com.paywire.api.pages.PageTemplates;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseCookie;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

/**
 * The console's pages, from the templates under {@code templates/console} in the layout every hosted page shares
 * ({@link PageTemplates}), sent with the hosted pages' strict headers ({@link HostedPages}: no scripts, forms to
 * the console itself only, no framing, no caching). Every page gets the signed-in session (or null), its form token
 * and whether the sandbox page exists.
 */
@Component
class ConsolePages {

    private final PageTemplates templates;
    private final boolean sandbox;

    ConsolePages(PageTemplates templates, Environment environment) {
        this.templates = templates;
        this.sandbox = environment.acceptsProfiles(Profiles.of("local"));
    }

    /** The page {@code console/<template>} for the signed-in client. */
    ResponseEntity<String> page(HttpStatus status, String template, ConsoleSession session, Map<String, ?> model) {
        return page(status, template, session, session == null ? null : session.csrfToken(), model);
    }

    /** @param csrf the token its forms carry: the session's, or the sign-in form's own */
    ResponseEntity<String> page(HttpStatus status, String template, ConsoleSession session, String csrf,
                                Map<String, ?> model) {
        return HostedPages.answer(status, render(template, session, csrf, model), List.of());
    }

    /** A page that only says something, in sentences the console chose. */
    ResponseEntity<String> message(HttpStatus status, ConsoleSession session, String title, String... lines) {
        return page(status, "message", session, Map.of("title", title, "lines", List.of(lines)));
    }

    private String render(String template, ConsoleSession session, String csrf, Map<String, ?> model) {
        Map<String, Object> variables = new HashMap<>(model);
        variables.put("session", session);
        variables.put("csrf", csrf);
        variables.put("sandbox", sandbox);
        variables.put("show", ConsoleFormat.INSTANCE);
        variables.putIfAbsent("notice", null);
        return templates.render("console/" + template, variables);
    }

    /** After a form: 303 to the page to show next (never a location taken from the request). */
    static ResponseEntity<String> seeOther(String path, ResponseCookie... cookies) {
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(HttpStatus.SEE_OTHER).location(URI.create(path))
                .cacheControl(CacheControl.noStore());
        for (ResponseCookie cookie : cookies) {
            answer.header(HttpHeaders.SET_COOKIE, cookie.toString());
        }
        return answer.build();
    }

    boolean sandbox() {
        return sandbox;
    }
}
