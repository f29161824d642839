package com.paywire.api.bills;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ErrorShape;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.platform.PaywireProperties;
import com.paywire.domain.bills.AccountUnknownToBiller;
import com.paywire.domain.bills.BillNumbers;
import com.paywire.vocabulary.bills.BillNumber;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Saved bill numbers (docs/interface.md#bills). Errors as the live API answers them here: a missing or malformed
 * field in the validation-problem shape, an account the biller does not know in the reason shape.
 */
@RestController
@Tag(name = "Airtime and bills")
@RequiresScope(Scope.BILLS)
@ErrorShape(ErrorShape.Kind.VALIDATION_PROBLEM)
class BillNumbersController {

    private final BillNumbers numbers;
    private final String appDomainName;
    private final Clock clock;

    BillNumbersController(BillNumbers numbers, PaywireProperties properties, Clock clock) {
        this.numbers = numbers;
        this.appDomainName = properties.appDomainName();
        this.clock = clock;
    }

    record Accepted(
            @Schema(description = "the saved bill number, with what the biller said about the account")
            Message message) {
    }

    /** The holder's name under both names the live API's clients read: customerName and accountCustomerName. */
    record Message(
            @Schema(description = "the Paywire service that answered")
            String appDomainName,
            @Schema(description = "that the bill number was saved, in words")
            String remarks,
            @Schema(description = "the biller's code")
            String serviceCode,
            @Schema(description = "the name the biller holds for the account")
            String customerName,
            @Schema(description = "the account holder's name, as the biller gives it")
            String accountCustomerName,
            @Schema(description = "Paywire's id of the saved bill number")
            String systemConversationId,
            @Schema(description = "the balance the biller last gave for the account")
            BigDecimal lastKnownBalance,
            @Schema(description = "when the bill falls due")
            OffsetDateTime dueDate,
            @Schema(description = "true once the biller has confirmed the account")
            boolean verified,
            @Schema(description = "when it was saved")
            OffsetDateTime timestamp) {
    }

    /**
     * The service under both spellings the live API's clients read, serviceId and serviceID, each the ServiceId
     * the client asked with (integer id, GUID or code): a client matches the answer against its own id.
     */
    record SavedBillNumber(
            @Schema(description = "the service's GUID")
            String serviceId,
            @Schema(description = "the service's integer id (serviceType), as a string")
            String serviceID,
            @Schema(description = "the name the biller holds for the account")
            String customerName,
            @Schema(description = "the account number at the biller")
            String accountNumber,
            @Schema(description = "the account holder's mobile number")
            String phoneNumber,
            @Schema(description = "false once deleted")
            boolean enabled,
            @Schema(description = "true once the biller has confirmed the account")
            boolean verified,
            @Schema(description = "when the bill falls due")
            OffsetDateTime dueDate,
            @Schema(description = "the balance the biller last gave for the account")
            BigDecimal lastKnownBalance,
            @Schema(description = "true: Paywire sends an event before the bill falls due")
            boolean remindMeDueDate,
            @Schema(description = "the note sent with it")
            String remarks,
            @Schema(description = "the service's kind")
            String serviceType,
            @Schema(description = "the service's category")
            String serviceCategory) {
    }

    @Operation(summary = "Save bill number: the biller is asked about the account (holder, balance, due date)"
            + " before it is saved; RemindMeDueDate asks for an event before each due date",
            description = "A missing or malformed field answers 400 in the validation-problem shape; an account the"
                    + " biller does not know answers 400 {appDomainName, timestamp, reason: \"Account number is"
                    + " invalid.\"}.")
    @PostMapping("/v1/bill-numbers")
    Accepted save(@Valid @RequestBody BillNumberRequest request, AuthenticatedClient client) {
        BillNumbers.Saved saved;
        try {
            saved = numbers.save(client.clientId(), request.submission());
        } catch (AccountUnknownToBiller unknown) {
            throw new ReasonException(HttpStatus.BAD_REQUEST, AccountUnknownToBiller.REASON);
        }
        BillNumber n = saved.number();
        return new Accepted(new Message(appDomainName, "Bill Number submission accepted", saved.service().serviceCode(),
                n.customerName(), n.customerName(), n.id().toString(), n.lastKnownBalance(), n.dueDate(), n.verified(),
                OffsetDateTime.now(clock)));
    }

    record Deleted(
            @Schema(description = "the deletion")
            DeletedMessage message) {
    }

    record DeletedMessage(
            @Schema(description = "the Paywire service that answered")
            String appDomainName,
            @Schema(description = "that the bill number was deleted, in words")
            String remarks,
            @Schema(description = "when it was deleted")
            OffsetDateTime timestamp) {
    }

    @Operation(summary = "Delete bill number (Paywire's): the number is no longer found, and its due-date reminder ends")
    @DeleteMapping("/v1/bill-numbers")
    Deleted delete(@RequestParam("ServiceId") String serviceId, @RequestParam("AccountNumber") String accountNumber,
                   AuthenticatedClient client) {
        if (!numbers.delete(client.clientId(), serviceId, accountNumber)) {
            throw new ReasonException(HttpStatus.NOT_FOUND, "No saved bill number for that service and account number");
        }
        return new Deleted(new DeletedMessage(appDomainName, "Bill number deleted", OffsetDateTime.now(clock)));
    }

    @Operation(summary = "Find bill number by its service (ServiceId: integer id, GUID or code) and account number",
            description = "serviceId and serviceID echo the ServiceId as sent: 2 when asked with 2, the GUID when"
                    + " asked with the GUID GET /v1/bill-services lists.")
    @GetMapping("/v1/bill-numbers")
    SavedBillNumber find(@RequestParam("ServiceId") String serviceId, @RequestParam("AccountNumber") String accountNumber,
                         AuthenticatedClient client) {
        BillNumbers.Saved saved = numbers.find(client.clientId(), serviceId, accountNumber)
                .orElseThrow(() -> new ReasonException(HttpStatus.NOT_FOUND, "No saved bill number for that service"
                        + " and account number"));
        BillNumber n = saved.number();
        return new SavedBillNumber(serviceId, serviceId, n.customerName(), n.accountNumber(), n.phoneNumber(), n.enabled(),
                n.verified(), n.dueDate(), n.lastKnownBalance(), n.remindMeDueDate(),
                n.remindMeDueDate() ? "Reminded before each due date" : null, saved.service().name(),
                saved.service().categoryDescription());
    }
}
