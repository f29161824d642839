package com.paywire.simulator;

import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A mapping's body or callback written in the few Handlebars helpers the busy mappings use, compiled once into
 * literal text and holes, so each request fills it by concatenation instead of running the template engine. It
 * renders what WireMock's response templating renders for the same text:
 * <ul>
 *   <li>{@code {{jsonPath request.body '$.field'}}} (or {@code originalRequest.body} in a callback): a top-level
 *   field of the request's JSON, empty when it is absent;</li>
 *   <li>{@code {{randomValue length=N type='NUMERIC'}}}, {@code type='ALPHANUMERIC'} with or without
 *   {@code uppercase=true};</li>
 *   <li>{@code {{now}}} (UTC, to the second) and {@code {{now timezone='Zone' format='pattern'}}}.</li>
 * </ul>
 * Any other helper is refused when the template is compiled, so a mapping cannot silently render it wrong.
 */
final class FastTemplate {

    private static final Pattern HOLE = Pattern.compile("\\{\\{(.*?)}}");
    private static final Pattern JSON_FIELD =
            Pattern.compile("jsonPath (?:request|originalRequest)\\.body '\\$\\.([A-Za-z0-9_]+)'");
    private static final Pattern RANDOM =
            Pattern.compile("randomValue length=(\\d+) type='(NUMERIC|ALPHANUMERIC)'( uppercase=true)?");
    private static final Pattern NOW = Pattern.compile("now(?: timezone='([^']+)' format='([^']+)')?");
    private static final String DIGITS = "0123456789";
    private static final String UPPER_ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    private static final String ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    /** One piece of the template: it appends its text for the request whose fields are given. */
    private interface Part {
        void render(Map<String, String> fields, StringBuilder out);
    }

    /** Every template compiled so far, by its text: the mappings hold a handful. */
    private static final Map<String, FastTemplate> COMPILED = new ConcurrentHashMap<>();

    private final List<Part> parts;
    private final List<String> fieldNames;
    private final int sizeHint;

    private FastTemplate(List<Part> parts, List<String> fieldNames, int sizeHint) {
        this.parts = parts;
        this.fieldNames = fieldNames;
        this.sizeHint = sizeHint;
    }

    /** The template of this text, compiled on its first use. */
    static FastTemplate of(String text) {
        return COMPILED.computeIfAbsent(text, FastTemplate::compile);
    }

    private static FastTemplate compile(String template) {
        List<Part> parts = new ArrayList<>();
        List<String> fieldNames = new ArrayList<>();
        Matcher hole = HOLE.matcher(template);
        int literalStart = 0;
        while (hole.find()) {
            String literal = template.substring(literalStart, hole.start());
            if (!literal.isEmpty()) {
                parts.add((fields, out) -> out.append(literal));
            }
            parts.add(helper(hole.group(1).strip(), fieldNames));
            literalStart = hole.end();
        }
        String tail = template.substring(literalStart);
        if (!tail.isEmpty()) {
            parts.add((fields, out) -> out.append(tail));
        }
        return new FastTemplate(List.copyOf(parts), List.copyOf(fieldNames), template.length() + 64);
    }

    private static Part helper(String helper, List<String> fieldNames) {
        Matcher field = JSON_FIELD.matcher(helper);
        if (field.matches()) {
            String name = field.group(1);
            if (!fieldNames.contains(name)) {
                fieldNames.add(name);
            }
            return (fields, out) -> out.append(fields.getOrDefault(name, ""));
        }
        Matcher random = RANDOM.matcher(helper);
        if (random.matches()) {
            int length = Integer.parseInt(random.group(1));
            String alphabet = random.group(2).equals("NUMERIC") ? DIGITS
                    : random.group(3) != null ? UPPER_ALPHANUMERIC : ALPHANUMERIC;
            return (fields, out) -> {
                ThreadLocalRandom chance = ThreadLocalRandom.current();
                for (int i = 0; i < length; i++) {
                    out.append(alphabet.charAt(chance.nextInt(alphabet.length())));
                }
            };
        }
        Matcher now = NOW.matcher(helper);
        if (now.matches()) {
            ZoneId zone = now.group(1) == null ? ZoneId.of("Z") : ZoneId.of(now.group(1));
            DateTimeFormatter format = now.group(2) == null ? DateTimeFormatter.ISO_OFFSET_DATE_TIME
                    : DateTimeFormatter.ofPattern(now.group(2));
            return (fields, out) -> format.formatTo(ZonedDateTime.now(zone).truncatedTo(ChronoUnit.SECONDS), out);
        }
        throw new IllegalArgumentException("the rails simulator's fast templates do not know {{" + helper + "}}");
    }

    /** The top-level request fields this template reads. */
    List<String> fieldNames() {
        return fieldNames;
    }

    String render(Map<String, String> fields) {
        StringBuilder out = new StringBuilder(sizeHint);
        for (Part part : parts) {
            part.render(fields, out);
        }
        return out.toString();
    }
}
