package com.paywire.api.pages;

import com.paywire.api.errors.RetryAfter;
import java.math.BigDecimal;
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
 * What every page Paywire hosts for payers shares: one small stylesheet, no scripts, no outside assets, and the
 * strict headers (no framing, no sniffing, no caching, no referrer). Readable without CSS, usable on a phone and
 * with the keyboard alone.
 */
public final class HostedPages {

    private static final MediaType HTML = MediaType.parseMediaType("text/html;charset=UTF-8");

    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;background:#f4f6f8;color:#1b1f24}
            main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
            h1{font-size:1.35rem;margin:0 0 .5rem}
            h2{font-size:1.1rem;margin:1.25rem 0 .25rem}
            .amount{font-size:2rem;font-weight:700;margin:.5rem 0 1rem}
            label{display:block;font-weight:600;margin:1rem 0 .25rem}
            input,select{width:100%;box-sizing:border-box;font-size:1.1rem;padding:.7rem;border:1px solid #8a94a0;border-radius:8px}
            input[aria-invalid=true]{border:2px solid #a40e26}
            fieldset{border:1px solid #d0d7de;border-radius:10px;margin:1rem 0;padding:0 1rem 1rem}
            legend{font-weight:700;padding:0 .25rem}
            .row{display:flex;gap:.75rem}.row>div{flex:1}
            table{width:100%;border-collapse:collapse;margin:.5rem 0}td,th{padding:.35rem 0;text-align:left}
            td.num,th.num{text-align:right}tfoot td,tfoot th{border-top:1px solid #d0d7de;font-weight:700}
            input:focus,button:focus,a:focus,select:focus{outline:3px solid #1f6feb;outline-offset:2px}
            button{width:100%;margin-top:1.25rem;font-size:1.1rem;padding:.8rem;border:0;border-radius:8px;background:#0b6b3a;color:#fff;cursor:pointer}
            button.secondary{background:#fff;color:#1b1f24;border:1px solid #8a94a0}
            .hint{color:#4b5560;font-size:.9rem}
            .error{color:#a40e26;font-weight:600}
            .ok{color:#0b6b3a}
            footer{text-align:center;color:#4b5560;font-size:.8rem;margin:1rem}
            """;

    private HostedPages() {
    }

    /** A whole page; {@code refresh} is a meta refresh ("2", or "3;url=...") for pages that wait, or null. */
    public static String page(String title, String refresh, String body) {
        return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + (refresh == null ? "" : "<meta http-equiv=\"refresh\" content=\"" + esc(refresh) + "\">")
                + "<title>" + esc(title) + "</title><style>" + STYLE + "</style></head>"
                + "<body><main>" + body + "</main><footer>Secured by Paywire</footer></body></html>";
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

    public static String kes(BigDecimal amount) {
        return "KES " + String.format("%,.2f", amount);
    }

    public static String esc(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
