package com.paywire.api.console;

import com.paywire.api.errors.ReasonException;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.vocabulary.rules.FieldProblem;
import jakarta.servlet.http.HttpServletRequest;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * The console's failures as pages, ahead of the API's JSON error shapes, for its controllers alone: what does not
 * exist for the signed-in client (another client's payment included) is 404, input the console cannot take is 400
 * with the problems in words, and anything else is 500 with a reference in the log, never a stack trace.
 */
@ControllerAdvice(basePackageClasses = ConsoleErrors.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class ConsoleErrors {

    private static final Logger log = LoggerFactory.getLogger(ConsoleErrors.class);

    private final ConsolePages pages;

    ConsoleErrors(ConsolePages pages) {
        this.pages = pages;
    }

    /** A path id that is not even one (not a UUID) names nothing, as an unknown one does. */
    @ExceptionHandler({UnknownResourceException.class, MethodArgumentTypeMismatchException.class})
    ResponseEntity<String> notFound(HttpServletRequest request) {
        return pages.message(HttpStatus.NOT_FOUND, session(request), "Not found",
                "There is nothing of yours here: check the id, or find the payment from the Payments page.");
    }

    @ExceptionHandler(InvalidInputException.class)
    ResponseEntity<String> invalid(InvalidInputException e, HttpServletRequest request) {
        return pages.message(HttpStatus.BAD_REQUEST, session(request), "Not done",
                e.problems().stream().map(FieldProblem::message).toArray(String[]::new));
    }

    /** A refusal in one sentence (a form body too large): its own status and sentence. */
    @ExceptionHandler(ReasonException.class)
    ResponseEntity<String> refused(ReasonException e, HttpServletRequest request) {
        return pages.message(e.status(), session(request), "Not done", e.getMessage());
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<String> unexpected(Exception e, HttpServletRequest request) {
        String reference = UUID.randomUUID().toString();
        log.error("Unexpected error on {} {} (reference {})", request.getMethod(), request.getRequestURI(), reference, e);
        return pages.message(HttpStatus.INTERNAL_SERVER_ERROR, session(request), "Something went wrong",
                "This page could not be shown. If it happens again, quote reference " + reference + ".");
    }

    private static ConsoleSession session(HttpServletRequest request) {
        return request.getAttribute(ConsoleSession.ATTRIBUTE) instanceof ConsoleSession session ? session : null;
    }
}
