package com.paywire.api.pages;

import com.paywire.api.errors.RetryAfter;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * The strict headers every page Paywire hosts for payers goes out with (no framing, no sniffing, no caching, no
 * referrer; forms post to the listed origins only). The pages themselves come from {@link PageTemplates}: one
 * layout with a small inline stylesheet, no scripts, no outside assets; readable without CSS, usable on a phone and
 * with the keyboard alone.
 */
public final class HostedPages {

    private static final MediaType HTML = MediaType.parseMediaType("text/html;charset=UTF-8");

    private HostedPages() {
    }

    /** The page as an answer: forms may post to the page itself and to {@code formTargets} (origins) only. */
    public static ResponseEntity<String> answer(HttpStatus status, String html, Collection<String> formTargets) {
        return strict(status, formTargets).body(html);
    }

    /** A page that refuses for now (429), saying in Retry-After when to come back (in whole seconds, rounded up). */
    public static ResponseEntity<String> tooManyRequests(String html, Collection<String> formTargets, Duration retryAfter) {
        return strict(HttpStatus.TOO_MANY_REQUESTS, formTargets)
                .header(HttpHeaders.RETRY_AFTER, String.valueOf(RetryAfter.seconds(retryAfter)))
                .body(html);
    }

    private static ResponseEntity.BodyBuilder strict(HttpStatus status, Collection<String> formTargets) {
        Set<String> targets = new LinkedHashSet<>();
        targets.add("'self'");
        targets.addAll(formTargets);
        String policy = "default-src 'none'; style-src 'unsafe-inline'; form-action " + String.join(" ", targets)
                + "; base-uri 'none'; frame-ancestors 'none'";
        return ResponseEntity.status(status).contentType(HTML).cacheControl(CacheControl.noStore())
                .header("Content-Security-Policy", policy).header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", "no-referrer");
    }
}
