package com.paywire.domain.rails.biller;

import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailMessageException;
import com.paywire.workflows.bills.BillerAnswer;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
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
 *   <li>{@code POST /biller/payments} with {@code Idempotency-Key: <reference>} and {@link #paymentRequest}: 200
 *       {@code {status: PAID, receiptNumber, token}} (token for prepaid services); 202 {@code {status: PENDING}}
 *       taken, to be confirmed; 4xx {@code {resultCode, resultDesc}} refused.</li>
 *   <li>{@code GET /biller/payments/{reference}?accountNumber=} ({@link #statusPath}; the aggregator asks the biller
 *       of that account): {@code {status: PAID|PENDING|FAILED, receiptNumber, token, resultCode, resultDesc}}; 404
 *       never received; anything else, the biller is away.</li>
 * </ul>
 */
public final class BillerProtocol {

    public static final String LOOKUP_PATH = "/biller/accounts/lookup";
    public static final String PAYMENTS_PATH = "/biller/payments";
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

    public static Map<String, Object> paymentRequest(String reference, String serviceCode, String accountNumber,
                                                     BigDecimal amount, String msisdn) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("reference", reference);
        body.put("serviceCode", serviceCode);
        body.put("accountNumber", accountNumber);
        body.put("amount", amount.toPlainString());
        body.put("msisdn", msisdn);
        return body;
    }

    /** The status query of a payment, relative to the aggregator's base URL. */
    public static String statusPath(String reference, String accountNumber) {
        return PAYMENTS_PATH + "/" + URLEncoder.encode(reference, StandardCharsets.UTF_8) + "?accountNumber="
                + URLEncoder.encode(accountNumber, StandardCharsets.UTF_8);
    }

    /** A payment's answer or status: PAID with its receipt (and a prepaid token in it), PENDING, or refused. */
    public static BillerAnswer payment(RailMessage answer) {
        String status = answer.text("status");
        if ("PAID".equalsIgnoreCase(status)) {
            String receipt = answer.text("receiptNumber");
            String token = answer.text("token");
            return new BillerAnswer(BillerAnswer.State.PAID, BillerAnswer.PAID_CODE, "Bill paid",
                    token == null ? receipt : receipt + " Token: " + token);
        }
        if ("PENDING".equalsIgnoreCase(status)) {
            return BillerAnswer.pending();
        }
        if ("FAILED".equalsIgnoreCase(status)) {
            return refusal(answer);
        }
        throw new RailMessageException("The status must be PAID, PENDING or FAILED");
    }

    /** A 4xx answer to a payment, or a FAILED status. */
    public static BillerAnswer refusal(RailMessage answer) {
        String code = answer.text("resultCode");
        String description = answer.text("resultDesc");
        return BillerAnswer.refused(code == null ? "99" : code, description == null ? "Refused by the biller" : description);
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
