package com.paywire.testsupport;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ErrorShape;
import com.paywire.api.errors.HasOriginatorConversationId;
import com.paywire.api.errors.ReasonException;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.math.BigDecimal;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Operations that exist only in tests, to drive the error-mapping layer through every path it has.
 * Lives outside com.paywire.api so that only the tests that import it see it.
 */
@RestController
@RequiresScope(Scope.ACCOUNTS)
public class ErrorShapesProbeController {

    public enum Kind { MOBILE, BANK }

    public record Line(@NotNull @Positive BigDecimal amount, @NotBlank String reference) {
    }

    public record Probe(@NotBlank @JsonProperty("ShortCode") String shortCode,
                        @NotNull Kind kind,
                        @NotNull Integer channelType,
                        @NotNull @Valid List<Line> lines,
                        String originatorConversationId) implements HasOriginatorConversationId {
    }

    @PostMapping("/v1/test-probe/field-errors")
    Probe fieldErrors(@Valid @RequestBody Probe probe, AuthenticatedClient client) {
        return probe;
    }

    @ErrorShape(ErrorShape.Kind.VALIDATION_PROBLEM)
    @PostMapping("/v1/test-probe/validation-problem")
    Probe validationProblem(@Valid @RequestBody Probe probe, AuthenticatedClient client) {
        return probe;
    }

    @GetMapping("/v1/test-probe/reason")
    void reason(AuthenticatedClient client) {
        throw new ReasonException(HttpStatus.BAD_REQUEST, "Invalid account number");
    }

    @GetMapping("/v1/test-probe/query")
    String query(@RequestParam("IdType") String idType, @RequestParam("Id") String id, AuthenticatedClient client) {
        return idType + ":" + id;
    }

    @GetMapping("/v1/test-probe/bug")
    void bug(AuthenticatedClient client) {
        throw new IllegalStateException("a bug with a secret detail");
    }
}
