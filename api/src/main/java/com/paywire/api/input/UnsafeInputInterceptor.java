package com.paywire.api.input;

import com.paywire.api.errors.ReasonException;
import com.paywire.domain.InvalidInputException;
import com.paywire.vocabulary.rules.FieldProblem;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.databind.json.JsonMapper;

/**
 * Text no operation can store or even read, refused before any operation runs, once for all of them: a NUL
 * character anywhere in a query parameter, a form field or a string of the body (PostgreSQL refuses NUL in
 * text), a string that is not well-formed Unicode (a lone or reversed surrogate, which JSON's escapes can
 * spell: it would be stored as another text, '?', and then found by nobody or collide with another id), and a
 * query or form that is not valid percent-encoded UTF-8. It runs after the operation is known,
 * so that the refusal comes in the operation's own error shape, naming the parameter or the JSON path.
 */
@Component
class UnsafeInputInterceptor implements HandlerInterceptor, WebMvcConfigurer {

    private final JsonMapper json;
    private final HttpLimitsProperties limits;

    UnsafeInputInterceptor(JsonMapper json, HttpLimitsProperties limits) {
        this.json = json;
        this.limits = limits;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(this);
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (request.getDispatcherType() != DispatcherType.REQUEST) {
            return true; // an error dispatch: the original request was looked at already
        }
        List<FieldProblem> errors = new ArrayList<>();
        checkQueryEncoding(request.getQueryString(), errors);
        if (errors.isEmpty()) {
            checkParameters(request, errors);
        }
        if (request.getAttribute(BodySizeLimitFilter.BODY) instanceof byte[] body) {
            checkJsonStrings(body, errors);
        }
        if (!errors.isEmpty()) {
            throw new InvalidInputException(null, errors);
        }
        return true;
    }

    /** Names the query parameters whose percent-encoding is broken; the container only says that one is. */
    private static void checkQueryEncoding(String query, List<FieldProblem> errors) {
        if (query == null) {
            return;
        }
        for (String pair : query.split("&")) {
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            if (decode(name).isEmpty() || decode(equals < 0 ? "" : pair.substring(equals + 1)).isEmpty()) {
                String field = decode(name).orElse(name);
                errors.add(new FieldProblem(field, "The parameter " + field + " is not valid percent-encoded UTF-8:"
                        + " a % must be followed by two hexadecimal digits, and the bytes must spell UTF-8 text."));
            }
        }
    }

    private void checkParameters(HttpServletRequest request, List<FieldProblem> errors) {
        Map<String, String[]> parameters;
        try {
            parameters = request.getParameterMap();
        } catch (InvalidParameterException unreadable) {
            if (unreadable.getErrorCode() == HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE) {
                // a chunked form: its length was not known before the container read it
                throw new ReasonException(HttpStatus.CONTENT_TOO_LARGE, limits.tooLargeReason());
            }
            errors.add(new FieldProblem("$", "The form body is not valid percent-encoded UTF-8 (a % must be followed"
                    + " by two hexadecimal digits, and the bytes must spell UTF-8 text)."));
            return;
        }
        parameters.forEach((name, values) -> Stream.concat(Stream.of(name), Stream.of(values))
                .map(UnsafeInputInterceptor::problem).flatMap(Optional::stream).findFirst()
                .ifPresent(problem -> errors.add(problem.of(visible(name)))));
    }

    /** Every string value and property name of a JSON body; a body that is not JSON is the converter's to refuse. */
    private void checkJsonStrings(byte[] body, List<FieldProblem> errors) {
        if (plainAscii(body)) {
            return;
        }
        try (JsonParser parser = json.createParser(body)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                String text = token == JsonToken.PROPERTY_NAME ? parser.currentName()
                        : token == JsonToken.VALUE_STRING ? parser.getString() : null;
                problem(text).ifPresent(problem -> errors.add(problem.of(path(parser.streamReadContext()))));
            }
        } catch (JacksonException notJson) {
            // malformed JSON is answered by the operation's converter, in its shape
        }
    }

    /**
     * Whether the body is ASCII without a NUL byte and without a {@code \\u} escape: then none of its strings can
     * hold a NUL or a surrogate, and it need not be parsed here (most bodies; the converter parses them anyway).
     */
    static boolean plainAscii(byte[] body) {
        for (int i = 0; i < body.length; i++) {
            byte b = body[i];
            if (b <= 0 || b == '\\' && i + 1 < body.length && body[i + 1] == 'u') {
                return false; // bytes from 0x80 up are negative
            }
        }
        return true;
    }

    /** The JSON path as the client spelled it: {@code Transaction.Amount}, {@code Events[0]}; {@code $} for the body. */
    private static String path(TokenStreamContext context) {
        Deque<String> parts = new ArrayDeque<>();
        for (TokenStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray()) {
                parts.push("[" + c.getCurrentIndex() + "]");
            } else if (c.currentName() != null) {
                parts.push((c.getParent() != null && !c.getParent().inRoot() ? "." : "") + visible(c.currentName()));
            }
        }
        return parts.isEmpty() ? "$" : String.join("", parts);
    }

    /** What makes a text unusable; the message never quotes the text. */
    private enum TextProblem {
        NUL("contains a NUL character (U+0000), which is not allowed."),
        NOT_UNICODE("is not well-formed Unicode text: it has a surrogate (U+D800 to U+DFFF) that is not the first"
                + " half of a pair followed by its second half.");

        private final String message;

        TextProblem(String message) {
            this.message = message;
        }

        FieldProblem of(String field) {
            return new FieldProblem(field, "The field " + field + " " + message);
        }
    }

    private static Optional<TextProblem> problem(String text) {
        if (text == null) {
            return Optional.empty();
        }
        if (text.indexOf('\0') >= 0) {
            return Optional.of(TextProblem.NUL);
        }
        return hasUnpairedSurrogate(text) ? Optional.of(TextProblem.NOT_UNICODE) : Optional.empty();
    }

    /** Whether a high surrogate lacks its low one after it, or a low one its high one before it. */
    private static boolean hasUnpairedSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (pairStartsAt(text, i)) {
                i++;
            } else if (Character.isSurrogate(text.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static boolean pairStartsAt(String text, int i) {
        return Character.isHighSurrogate(text.charAt(i)) && i + 1 < text.length()
                && Character.isLowSurrogate(text.charAt(i + 1));
    }

    /** A name with its NULs and unpaired surrogates written out as escapes, so the answer itself carries none. */
    private static String visible(String name) {
        StringBuilder shown = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (pairStartsAt(name, i)) {
                shown.append(c).append(name.charAt(++i));
            } else if (c == '\0' || Character.isSurrogate(c)) {
                shown.append(String.format("\\u%04x", (int) c));
            } else {
                shown.append(c);
            }
        }
        return shown.toString();
    }

    /** Percent-decoding as a form does it ('+' is a space), refusing broken escapes and bytes that are not UTF-8. */
    private static Optional<String> decode(String raw) {
        ByteBuffer bytes = ByteBuffer.allocate(raw.length() * 4);
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                if (i + 2 >= raw.length()) {
                    return Optional.empty();
                }
                String hex = raw.substring(i + 1, i + 3);
                if (!HexFormat.isHexDigit(hex.charAt(0)) || !HexFormat.isHexDigit(hex.charAt(1))) {
                    return Optional.empty();
                }
                bytes.put((byte) HexFormat.fromHexDigits(hex));
                i += 2;
            } else {
                bytes.put(String.valueOf(c == '+' ? ' ' : c).getBytes(StandardCharsets.UTF_8));
            }
        }
        try {
            CharBuffer text = StandardCharsets.UTF_8.newDecoder().decode(bytes.flip());
            return Optional.of(text.toString());
        } catch (CharacterCodingException notUtf8) {
            return Optional.empty();
        }
    }
}
