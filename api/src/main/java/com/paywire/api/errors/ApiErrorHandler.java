package com.paywire.api.errors;

import com.paywire.api.platform.PaywireProperties;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnavailableException;
import com.paywire.domain.UnknownResourceException;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.validation.FieldError;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingRequestHeaderException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.InvalidNullException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * The one place where failures become HTTP answers: the three error shapes (docs/interface.md#errors) for bad input,
 * the operation's own body for 404, and a logged reference (never a stack trace) for our own bugs.
 */
@RestControllerAdvice
class ApiErrorHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiErrorHandler.class);
    private static final Set<String> REQUIRED_CONSTRAINTS = Set.of("NotNull", "NotBlank", "NotEmpty");
    /** The body-level "field" when the body as a whole is unreadable. */
    private static final String WHOLE_BODY = "$";

    private final String appDomainName;
    private final Clock clock;
    private final ReasonErrors reasons;

    ApiErrorHandler(PaywireProperties properties, Clock clock, ReasonErrors reasons) {
        this.appDomainName = properties.appDomainName();
        this.clock = clock;
        this.reasons = reasons;
    }

    @ExceptionHandler(MethodArgumentNotValidException.class)
    ResponseEntity<Object> invalidBody(MethodArgumentNotValidException e, HttpServletRequest request) {
        Object target = e.getBindingResult().getTarget();
        Class<?> root = target == null ? null : target.getClass();
        List<ErrorBodies.FieldError> errors = new ArrayList<>();
        for (FieldError error : e.getBindingResult().getFieldErrors()) {
            String field = root == null ? error.getField() : JsonFieldNames.of(root, error.getField());
            errors.add(new ErrorBodies.FieldError(field, message(field, error.getCode(), error.getDefaultMessage())));
        }
        e.getBindingResult().getGlobalErrors().forEach(error ->
                errors.add(new ErrorBodies.FieldError(WHOLE_BODY, error.getDefaultMessage())));
        String originatorConversationId = target instanceof HasOriginatorConversationId has
                ? has.originatorConversationId() : null;
        return inputErrors(request, originatorConversationId, errors);
    }

    @ExceptionHandler(HandlerMethodValidationException.class)
    ResponseEntity<Object> invalidParameters(HandlerMethodValidationException e, HttpServletRequest request) {
        List<ErrorBodies.FieldError> errors = new ArrayList<>();
        e.getParameterValidationResults().forEach(result -> {
            String name = result.getMethodParameter().getParameterName();
            result.getResolvableErrors().forEach(error -> errors.add(new ErrorBodies.FieldError(name,
                    message(name, error.getCodes() == null ? null : lastCode(error.getCodes()), error.getDefaultMessage()))));
        });
        return inputErrors(request, null, errors);
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<Object> unreadableBody(HttpMessageNotReadableException e, HttpServletRequest request) {
        return inputErrors(request, null, List.of(describeUnreadable(e)));
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<Object> missingParameter(MissingServletRequestParameterException e, HttpServletRequest request) {
        String name = e.getParameterName();
        return inputErrors(request, null, List.of(new ErrorBodies.FieldError(name, required(name))));
    }

    @ExceptionHandler(MissingRequestHeaderException.class)
    ResponseEntity<Object> missingHeader(MissingRequestHeaderException e, HttpServletRequest request) {
        String name = e.getHeaderName();
        return inputErrors(request, null, List.of(new ErrorBodies.FieldError(name, required(name))));
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<Object> parameterTypeMismatch(MethodArgumentTypeMismatchException e, HttpServletRequest request) {
        // never the value: it could be anything the client typed, a card number included
        String name = e.getName();
        String expected = e.getRequiredType() == null ? "" : ": it must be " + describe(e.getRequiredType());
        return inputErrors(request, null, List.of(new ErrorBodies.FieldError(name,
                "The value of " + name + " is not valid" + expected + ".")));
    }

    @ExceptionHandler(ReasonException.class)
    ResponseEntity<Object> reason(ReasonException e) {
        return error(e.status()).body(reasonBody(e.status(), e.getMessage()));
    }

    /** Input that breaks a rule, the domain's or the API's own parameter checks: 400 in the operation's shape. */
    @ExceptionHandler(InvalidInputException.class)
    ResponseEntity<Object> invalidInput(InvalidInputException e, HttpServletRequest request) {
        return inputErrors(request, e.reference(), e.problems().stream()
                .map(p -> new ErrorBodies.FieldError(p.field(), p.message())).toList());
    }

    @ExceptionHandler(UnknownResourceException.class)
    ResponseEntity<Object> unknownResource(UnknownResourceException e) {
        return error(HttpStatus.NOT_FOUND).body(reasonBody(HttpStatus.NOT_FOUND, e.getMessage()));
    }

    @ExceptionHandler(UnavailableException.class)
    ResponseEntity<Object> unavailable(UnavailableException e) {
        return error(HttpStatus.SERVICE_UNAVAILABLE)
                .body(reasonBody(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage()));
    }

    @ExceptionHandler(NotFoundException.class)
    ResponseEntity<Object> notFound(NotFoundException e) {
        return error(HttpStatus.NOT_FOUND).body(e.body());
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<Object> noSuchPath(NoResourceFoundException e) {
        return error(HttpStatus.NOT_FOUND)
                .body(reasonBody(HttpStatus.NOT_FOUND,
                        "No operation at " + e.getHttpMethod() + " /" + e.getResourcePath()));
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<Object> methodNotAllowed(HttpRequestMethodNotSupportedException e) {
        return error(HttpStatus.METHOD_NOT_ALLOWED)
                .allow(e.getSupportedHttpMethods() == null ? new org.springframework.http.HttpMethod[0]
                        : e.getSupportedHttpMethods().toArray(org.springframework.http.HttpMethod[]::new))
                .body(reasonBody(HttpStatus.METHOD_NOT_ALLOWED, "Method " + e.getMethod() + " is not allowed here"));
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<Object> unsupportedMediaType(HttpMediaTypeNotSupportedException e) {
        return error(HttpStatus.UNSUPPORTED_MEDIA_TYPE)
                .body(reasonBody(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                        "Content type " + e.getContentType() + " is not supported; send "
                        + e.getSupportedMediaTypes()));
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<Object> notAcceptable(HttpMediaTypeNotAcceptableException e) {
        return error(HttpStatus.NOT_ACCEPTABLE).body(reasonBody(HttpStatus.NOT_ACCEPTABLE, e.getMessage()));
    }

    /** The database is away or saturated for now: the client should retry, and nothing was half-written. */
    @ExceptionHandler({CannotGetJdbcConnectionException.class, TransientDataAccessException.class})
    ResponseEntity<Object> temporarilyUnavailable(Exception e, HttpServletRequest request) {
        log.warn("Answering 503 to {} {}: {}", request.getMethod(), request.getRequestURI(), e.getMessage());
        return error(HttpStatus.SERVICE_UNAVAILABLE).header("Retry-After", "1")
                .body(reasonBody(HttpStatus.SERVICE_UNAVAILABLE,
                        "The service is temporarily unavailable; retry the request"));
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<Object> unexpected(Exception e, HttpServletRequest request) {
        String reference = UUID.randomUUID().toString();
        log.error("Unexpected error on {} {} (reference {})", request.getMethod(), request.getRequestURI(), reference, e);
        return error(HttpStatus.INTERNAL_SERVER_ERROR)
                .body(reasonBody(HttpStatus.INTERNAL_SERVER_ERROR,
                        "An internal error occurred; quote reference " + reference));
    }

    /**
     * Every answer of this handler is a JSON error answer, with the headers that go with one. The type is set, not
     * negotiated, so that an operation that answers CSV still reports its errors in JSON.
     */
    private static ResponseEntity.BodyBuilder error(HttpStatusCode status) {
        return ResponseEntity.status(status).headers(ErrorHeaders::addTo).contentType(MediaType.APPLICATION_JSON);
    }

    private ResponseEntity<Object> inputErrors(HttpServletRequest request, String originatorConversationId,
                                               List<ErrorBodies.FieldError> errors) {
        List<ErrorBodies.FieldError> sorted = errors.stream()
                .sorted(Comparator.comparing(ErrorBodies.FieldError::field)).toList();
        // an everyday refusal (a duplicate id, a rule broken): one line, no stack; the messages never quote a value
        // that could be personal or card data
        log.info("Refused {} {} with 400: {}", request.getMethod(), request.getRequestURI(), sorted.stream()
                .map(e -> e.field() + ": " + e.message()).collect(Collectors.joining("; ")));
        Object body = switch (shapeOf(request)) {
            case FIELD_ERROR_LIST -> new ErrorBodies.FieldErrorList(appDomainName, HttpStatus.BAD_REQUEST.value(),
                    now(), UUID.randomUUID().toString(), originatorConversationId, sorted);
            case VALIDATION_PROBLEM -> validationProblem(sorted);
            case OAUTH_ERROR -> oauthInvalidRequest(sorted);
        };
        return error(HttpStatus.BAD_REQUEST).body(body);
    }

    private static ErrorBodies.ValidationProblem validationProblem(List<ErrorBodies.FieldError> errors) {
        Map<String, List<String>> byField = new LinkedHashMap<>();
        errors.forEach(error -> byField.computeIfAbsent(error.field(), f -> new ArrayList<>()).add(error.message()));
        return new ErrorBodies.ValidationProblem(byField, "https://tools.ietf.org/html/rfc9110#section-15.5.1",
                "One or more validation errors occurred.", HttpStatus.BAD_REQUEST.value(), traceId());
    }

    /**
     * RFC 6749 section 5.2: the token endpoint answers every bad request as invalid_request; the description
     * keeps to the characters the RFC allows there.
     */
    private static ErrorBodies.OAuthError oauthInvalidRequest(List<ErrorBodies.FieldError> errors) {
        String description = errors.stream().map(ErrorBodies.FieldError::message)
                .collect(Collectors.joining(" "));
        return ErrorBodies.OAuthError.invalidRequest(description);
    }

    /** W3C trace-context format, as the validation-problem shape carries it. */
    private static String traceId() {
        HexFormat hex = HexFormat.of();
        byte[] trace = new byte[16];
        byte[] span = new byte[8];
        ThreadLocalRandom.current().nextBytes(trace);
        ThreadLocalRandom.current().nextBytes(span);
        return "00-" + hex.formatHex(trace) + "-" + hex.formatHex(span) + "-00";
    }

    private static ErrorShape.Kind shapeOf(HttpServletRequest request) {
        if (request.getAttribute(HandlerMapping.BEST_MATCHING_HANDLER_ATTRIBUTE) instanceof HandlerMethod handler) {
            ErrorShape shape = handler.getMethodAnnotation(ErrorShape.class);
            if (shape == null) {
                shape = handler.getBeanType().getAnnotation(ErrorShape.class);
            }
            if (shape != null) {
                return shape.value();
            }
        }
        return ErrorShape.Kind.FIELD_ERROR_LIST;
    }

    /** The reason shape, or RFC 6749's on the token endpoint (see {@link ReasonErrors#body(String, int, String)}). */
    private Object reasonBody(HttpStatusCode status, String reason) {
        String path = RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes current
                ? current.getRequest().getRequestURI() : null;
        return reasons.body(path, status.value(), reason);
    }

    private OffsetDateTime now() {
        return OffsetDateTime.now(clock);
    }

    private static ErrorBodies.FieldError describeUnreadable(HttpMessageNotReadableException e) {
        Throwable cause = e.getMostSpecificCause();
        // a number too large for its field is a value problem, though the parser finds it
        if (cause instanceof JacksonException jackson
                && (!(cause instanceof StreamReadException) || cause instanceof InputCoercionException)) {
            String field = path(jackson);
            if (field.isEmpty()) {
                field = WHOLE_BODY;
            }
            // messages never quote the value: it could be card data
            if (jackson instanceof InvalidNullException) {
                return new ErrorBodies.FieldError(field, "The field " + field + " must not be null.");
            }
            Class<?> target = jackson instanceof InvalidFormatException invalid ? invalid.getTargetType()
                    : jackson instanceof InputCoercionException outOfRange ? outOfRange.getTargetType() : null;
            if (target != null) {
                return new ErrorBodies.FieldError(field, "The value of " + field + " is not valid: it must be "
                        + describe(target) + ".");
            }
            if (jackson instanceof UnrecognizedPropertyException) {
                return new ErrorBodies.FieldError(field, "The field " + field + " is not known.");
            }
            if (jackson instanceof MismatchedInputException mismatched && mismatched.getTargetType() != null) {
                return new ErrorBodies.FieldError(field, "The field " + field + " must be "
                        + describe(mismatched.getTargetType()) + ".");
            }
            return new ErrorBodies.FieldError(field, "The field " + field + " could not be read.");
        }
        if (cause instanceof StreamReadException malformed) {
            // Jackson's own message names its features and quotes the input (card numbers included): say where instead
            TokenStreamLocation at = malformed.getLocation();
            String where = at == null || at.getLineNr() < 1 ? ""
                    : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
            return new ErrorBodies.FieldError(WHOLE_BODY, "The request body is not valid JSON" + where
                    + ": check the quotes, commas and brackets, and that every value is a string, a number, true, false, null, an object or an array.");
        }
        return new ErrorBodies.FieldError(WHOLE_BODY, "A JSON request body is required.");
    }

    private static String describe(Class<?> type) {
        if (type == java.math.BigDecimal.class) {
            return "a number written as plain digits with an optional decimal point, without an exponent";
        }
        if (Number.class.isAssignableFrom(type) || (type.isPrimitive() && type != boolean.class)) {
            return "a whole number in range";
        }
        if (type == UUID.class) {
            return "a UUID";
        }
        if (java.time.temporal.Temporal.class.isAssignableFrom(type)) {
            return "a date and time such as 2026-01-31T10:15:30Z";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(String::valueOf)
                    .collect(Collectors.joining(", "));
        }
        if (type == String.class) {
            return "a string";
        }
        if (type.isArray() || java.util.Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        return "an object";
    }

    private static String path(JacksonException e) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference ref : e.getPath()) {
            if (ref.getPropertyName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(ref.getPropertyName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String message(String field, String code, String defaultMessage) {
        return code != null && REQUIRED_CONSTRAINTS.contains(code) ? required(field)
                : "The field " + field + " " + defaultMessage + ".";
    }

    private static String lastCode(String[] codes) {
        // Spring lists codes most specific first; the last one is the bare constraint name
        return codes[codes.length - 1];
    }

    private static String required(String field) {
        return "The " + field + " field is required.";
    }
}
