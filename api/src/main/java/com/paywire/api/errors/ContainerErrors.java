package com.paywire.api.errors;

import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.Host;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Errors that Spring MVC's handler never sees, answered in the reason shape with {@link ErrorHeaders} like every
 * other error: those the container raises before a request reaches the application (a malformed request line,
 * an encoded NUL in the path, headers or a query too large), and those it forwards to the error path (an
 * exception escaping a filter, a status sent with sendError). The texts are ours, never the container's, which
 * may quote the request.
 */
@Configuration(proxyBeanMethods = false)
class ContainerErrors {

    private static final Logger log = LoggerFactory.getLogger(ContainerErrors.class);

    /** Replaces Tomcat's HTML error report on the host, which answers the requests that never reach the application. */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> jsonErrorReports(ReasonErrors reasons) {
        return factory -> factory.addContextCustomizers(context -> {
            Host host = (Host) context.getParent();
            JsonErrorReportValve valve = new JsonErrorReportValve(reasons);
            host.getPipeline().addValve(valve);
            // the host adds its default HTML report at start unless a valve of this class is already there
            ((StandardHost) host).setErrorReportValveClass(JsonErrorReportValve.class.getName());
        });
    }

    static String reason(int status) {
        return switch (status) {
            case 400 -> "The request is malformed: its request line, path, headers or parameters could not be read";
            case 404 -> "No such operation";
            case 408 -> "The request took too long to arrive";
            case 413 -> "The request body is too large";
            case 414 -> "The request line is too long";
            case 431 -> "The request headers are too large";
            case 500 -> "An internal error occurred";
            default -> {
                HttpStatus known = HttpStatus.resolve(status);
                yield known == null ? "The request could not be served" : known.getReasonPhrase();
            }
        };
    }

    static final class JsonErrorReportValve extends ErrorReportValve {

        private final ReasonErrors reasons;

        JsonErrorReportValve(ReasonErrors reasons) {
            this.reasons = reasons;
        }

        @Override
        protected void report(Request request, Response response, Throwable throwable) {
            int status = response.getStatus();
            if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
                return;
            }
            AtomicBoolean ioAllowed = new AtomicBoolean(true);
            response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
            if (!ioAllowed.get()) {
                return;
            }
            try {
                reasons.write(request, response, status, reason(status));
            } catch (IOException | IllegalStateException clientGone) {
                log.debug("Could not write the error report for status {}", status, clientGone);
            }
        }
    }

    /** Spring Boot's error path, which the container forwards to; without it Boot would answer its own body. */
    @Hidden
    @RestController
    static class ErrorPathController implements ErrorController {

        private final ReasonErrors reasons;

        ErrorPathController(ReasonErrors reasons) {
            this.reasons = reasons;
        }

        @RequestMapping("${server.error.path:/error}")
        ResponseEntity<Object> error(HttpServletRequest request) {
            if (!(request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE) instanceof Integer status)) {
                // asked for directly: there is no such operation
                return answer(request.getRequestURI(), HttpStatus.NOT_FOUND.value(), "No operation at "
                        + request.getMethod() + " " + request.getRequestURI());
            }
            String path = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI) instanceof String uri ? uri : null;
            if (status >= 500 && request.getAttribute(RequestDispatcher.ERROR_EXCEPTION) instanceof Throwable failure) {
                String reference = UUID.randomUUID().toString();
                log.error("Unexpected error on {} (reference {})", path, reference, failure);
                return answer(path, status, reason(status) + "; quote reference " + reference);
            }
            return answer(path, status, reason(status));
        }

        private ResponseEntity<Object> answer(String path, int status, String reason) {
            return ResponseEntity.status(status).headers(ErrorHeaders::addTo).body(reasons.body(path, status, reason));
        }
    }
}
