package com.paywire.api.accountvalidation;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ErrorHeaders;
import com.paywire.api.errors.ErrorShape;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.platform.LookupAccepted;
import com.paywire.domain.accountvalidation.AccountValidationRecord;
import com.paywire.domain.accountvalidation.AccountValidationRefused;
import com.paywire.domain.accountvalidation.AccountValidations;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Account number validation: who holds a mobile wallet or a bank account (docs/interface.md#account-validation).
 * A missing or malformed field answers the validation-problem shape; a request that cannot be processed answers
 * {@code {systemTraceAuditNumber, errorMessage}}, as the live API does.
 */
@RestController
@Tag(name = "KYC and account validation")
@RequiresScope(Scope.KYC)
@ErrorShape(ErrorShape.Kind.VALIDATION_PROBLEM)
class AccountValidationController {

    private final AccountValidations validations;

    AccountValidationController(AccountValidations validations) {
        this.validations = validations;
    }

    record Refused(String systemTraceAuditNumber, String errorMessage) {
    }

    @Operation(summary = "Account Number Validation: look up the holder of a mobile wallet (type 1) or bank account"
            + " (type 2); the record goes to callBackUrl as JSON or XML (callBackFormat)",
            description = "A missing or malformed field answers 400 in the validation-problem shape; a well-formed"
                    + " request that cannot be processed (a reused systemTraceAuditNumber, an institution not reached,"
                    + " another currency or country) answers 400 {systemTraceAuditNumber, errorMessage}.")
    @PostMapping("/v1/account/validate")
    LookupAccepted validate(@Valid @RequestBody AccountValidationRequest request, AuthenticatedClient client) {
        return LookupAccepted.of(validations.accept(client.clientId(), request.submission()).systemTraceAuditNumber());
    }

    @Operation(summary = "Find Account Validation Status by the request's systemTraceAuditNumber")
    @GetMapping("/v1/account/query")
    AccountValidationRecord query(@Parameter(description = "the systemTraceAuditNumber of the request")
                                  @RequestParam("stan") String stan, AuthenticatedClient client) {
        return validations.find(client.clientId(), stan).orElseThrow(() -> new ReasonException(HttpStatus.NOT_FOUND,
                "No account validation with systemTraceAuditNumber '" + stan + "'"));
    }

    @ExceptionHandler(AccountValidationRefused.class)
    ResponseEntity<Refused> refused(AccountValidationRefused e) {
        return ResponseEntity.status(HttpStatus.BAD_REQUEST).headers(ErrorHeaders::addTo)
                .body(new Refused(e.systemTraceAuditNumber(), e.getMessage()));
    }
}
