package com.paywire.api.bills;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.platform.AcceptedMessage;
import com.paywire.api.platform.Acceptances;
import com.paywire.domain.bills.AccountUnknownToBiller;
import com.paywire.domain.bills.BillPaymentRecord;
import com.paywire.domain.bills.BillRequests;
import com.paywire.domain.rails.biller.BillerProtocol.BillerAccount;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.paywire.vocabulary.bills.BillRequestType;
import com.paywire.vocabulary.money.Currencies;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Bill queries, account validations and payments (docs/interface.md#bills). */
@RestController
@Tag(name = "Airtime and bills")
@RequiresScope(Scope.BILLS)
class BillPaymentsController {

    private final BillRequests requests;
    private final Acceptances acceptances;

    BillPaymentsController(BillRequests requests, Acceptances acceptances) {
        this.requests = requests;
        this.acceptances = acceptances;
    }

    record Answer(
            @Schema(description = "the answer")
            Message message) {
    }

    /** The accepted message's five fields, then the bill's. */
    record Message(
            @JsonUnwrapped AcceptedMessage accepted,
            @Schema(description = "when the bill falls due, as the biller says")
            OffsetDateTime dueDate,
            @Schema(description = "the amount due, as the biller says")
            BigDecimal dueAmount,
            @Schema(description = "the currency's letter code (KES)")
            String currency,
            @Schema(description = "the account holder's name, as the biller gives it")
            String accountCustomerName,
            @Schema(description = "whether the biller holds the account as active")
            Boolean active,
            @Schema(description = "the biller's status code")
            String statusCode,
            @Schema(description = "the biller's status in words")
            String statusDescription) {
    }

    @Operation(summary = "Bill Request Validation / Payment: transactionType 1 queries the bill and 3 validates the"
            + " account (answered at once from the biller); 2 pays it (accepted; the outcome by query and callback)",
            description = "An account the biller does not know answers 400 {appDomainName, timestamp, reason:"
                    + " \"Account number is invalid.\"}; a biller that does not answer within 5 seconds, 503.")
    @PostMapping("/v1/bill-payments")
    Answer request(@Valid @RequestBody BillRequestBody body, AuthenticatedClient client) {
        BillRequests.Answer answer;
        try {
            answer = requests.handle(client.clientId(), body.submission());
        } catch (AccountUnknownToBiller unknown) {
            throw new ReasonException(HttpStatus.BAD_REQUEST, AccountUnknownToBiller.REASON);
        }
        if (answer.payment() != null) {
            return new Answer(new Message(acceptances.message("Bill Payment request accepted",
                    answer.payment().originatorConversationId(), answer.payment().id().toString()), null, null,
                    Currencies.KES, null, null, "0", "Accepted for processing"));
        }
        BillerAccount account = answer.account().orElseThrow();
        boolean query = answer.transactionType() == BillRequestType.QUERY;
        return new Answer(new Message(acceptances.message(query ? "Bill query processed" : "Account validated",
                body.originatorConversationId(), UUID.randomUUID().toString()), account.dueDate(),
                account.balance(), Currencies.KES, account.accountName(), account.active(), account.active() ? "0" : "2",
                account.active() ? "Account is active" : "Account is not active"));
    }

    @Operation(summary = "Find Bill Request by its originatorConversationId")
    @GetMapping("/v1/bill-payments")
    BillPaymentRecord find(@RequestParam("OriginatorConversationId") String originatorConversationId,
                           AuthenticatedClient client) {
        return requests.find(client.clientId(), originatorConversationId).orElseThrow(() -> new ReasonException(
                HttpStatus.NOT_FOUND, "No bill payment has that originatorConversationId"));
    }
}
