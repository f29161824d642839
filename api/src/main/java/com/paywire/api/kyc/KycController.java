package com.paywire.api.kyc;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.platform.LookupAccepted;
import com.paywire.domain.kyc.KycRequests;
import com.paywire.domain.kyc.KycStatusRecord;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Identity (KYC) checks against the national registry (docs/interface.md#kyc). */
@RestController
@Tag(name = "KYC and account validation")
@RequiresScope(Scope.KYC)
class KycController {

    private final KycRequests requests;

    KycController(KycRequests requests) {
        this.requests = requests;
    }

    @Operation(summary = "KYC validation: check a person's national ID and names against the identity registry;"
            + " the status record goes to kycRequestCallBackURL when given",
            description = "Answers 200 at once; the registry is asked afterwards. systemTraceAuditNumber is the "
            + "idempotency key: one used before is refused (400). The verdict is read with check-status "
            + "and, when kycRequestCallBackURL is given, posted there.")
    @PostMapping("/v1/kyc-request/validate")
    LookupAccepted validate(@Valid @RequestBody KycValidationRequest request, AuthenticatedClient client) {
        return LookupAccepted.of(requests.accept(client.clientId(), request.submission()).systemTraceAuditNumber());
    }

    @Operation(summary = "Find KYC status by the request's systemTraceAuditNumber", description = "The top-level"
            + " status says where the request is, not what the registry found: \"00\" Success for every request the"
            + " registry answered, whether the person matched or not; \"01\" Pending; \"02\" Failed (no answer)."
            + " The verdict is kycRecordDto.responseCode (\"00\" the names match the ID, other codes why not);"
            + " the callback carries the same record.")
    @GetMapping("/v1/kyc-request/check-status")
    KycStatusRecord checkStatus(@Parameter(description = "the systemTraceAuditNumber of the request")
                                @RequestParam("stan") String stan, AuthenticatedClient client) {
        return requests.find(client.clientId(), stan).orElseThrow(() -> new ReasonException(HttpStatus.NOT_FOUND,
                "No KYC request with systemTraceAuditNumber '" + stan + "'"));
    }
}
