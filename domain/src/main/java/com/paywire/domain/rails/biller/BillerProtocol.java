package com.paywire.domain.rails.biller;

import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailMessageException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The biller aggregator behind bill payments.
 * <ul>
 *   <li>{@code POST /biller/accounts/lookup} with {@link #lookupRequest}: 200 {@code {accountName, balance,
 *       dueDate (yyyy-MM-dd), active}}; 404 the biller does not know the account.</li>
 * </ul>
 */
public final class BillerProtocol {

    public static final String LOOKUP_PATH = "/biller/accounts/lookup";
    /** Billers give due dates as days; a day ends at midnight in Nairobi. */
    private static final ZoneId BILLER_ZONE = ZoneId.of("Africa/Nairobi");

    private BillerProtocol() {
    }

    /** An account as its biller describes it. */
    public record BillerAccount(String accountName, BigDecimal balance, OffsetDateTime dueDate, boolean active) {
    }

    public static Map<String, Object> lookupRequest(String reference, String serviceCode, String accountNumber) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("reference", reference);
        body.put("serviceCode", serviceCode);
        body.put("accountNumber", accountNumber);
        return body;
    }

    /** A 200 answer to a lookup. */
    public static BillerAccount account(RailMessage answer) {
        Boolean active = answer.flag("active");
        return new BillerAccount(answer.text("accountName"), answer.amount("balance"), day(answer.text("dueDate")),
                active == null || active);
    }

    private static OffsetDateTime day(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return LocalDate.parse(text).atStartOfDay(BILLER_ZONE).toOffsetDateTime();
        } catch (DateTimeParseException e) {
            throw new RailMessageException("The dueDate must be a date such as 2026-12-31");
        }
    }
}
