package com.paywire.domain.rails.mobilemoney;

import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailMessageException;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The mobile-money rail's customer-to-business (C2B) payments: a payer pays a paybill number from the phone's menu
 * with an account reference, and the rail announces it to the paybill's owner in two calls, each authenticated with
 * the rail's {@code X-Rail-Secret} and answered {@code {"ResultCode": …, "ResultDesc": …}}:
 * <ul>
 *   <li>{@link #VALIDATION_PATH}, before the rail moves the money: may it be paid? {@code ResultCode} {@code 0}
 *       accepts; a refusal is one of the rail's C2B codes ({@link Answer}). The rail waits a few seconds for the
 *       answer, then applies its own default.</li>
 *   <li>{@link #CONFIRMATION_PATH}, after the money moved: it is paid, with its receipt ({@code TransID}). Always
 *       answered {@code 0} once recorded, or refused {@code C2B00013} (nothing recorded) when its amount has
 *       more than two decimals; the rail repeats a confirmation it got no answer to.</li>
 * </ul>
 * Both bodies carry {@code TransactionType}, {@code TransID}, {@code TransTime} (yyyyMMddHHmmss, Nairobi time),
 * {@code TransAmount}, {@code BusinessShortCode}, {@code BillRefNumber} (the AccountNo the payer typed),
 * {@code MSISDN} and optional names; only the fields read here are required.
 */
public final class C2bProtocol {

    public static final String VALIDATION_PATH = "/rails/mobile-money/c2b/validation";
    public static final String CONFIRMATION_PATH = "/rails/mobile-money/c2b/confirmation";
    private static final Pattern RECEIPT = Pattern.compile("[A-Za-z0-9]{6,20}");
    private static final Pattern SHORT_CODE = Pattern.compile("\\d{5,7}");
    private static final Pattern MSISDN = Pattern.compile("\\d{9,15}");

    private C2bProtocol() {
    }

    /** The rail's answer codes: {@code 0} accepts, the others refuse (and name what is wrong). */
    public enum Answer {
        ACCEPTED("0", "Accepted"),
        INVALID_MSISDN("C2B00011", "Invalid MSISDN"),
        INVALID_ACCOUNT("C2B00012", "Invalid Account Number"),
        INVALID_AMOUNT("C2B00013", "Invalid Amount"),
        INVALID_SHORT_CODE("C2B00015", "Invalid Shortcode"),
        OTHER_ERROR("C2B00016", "Other Error");

        private final String code;
        private final String description;

        Answer(String code, String description) {
            this.code = code;
            this.description = description;
        }

        public String code() {
            return code;
        }

        public String description() {
            return description;
        }

        /** The body answering the rail: ResultCode the number 0 when accepted, otherwise the rail's code. */
        public Map<String, Object> body() {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("ResultCode", this == ACCEPTED ? (Object) 0 : code);
            body.put("ResultDesc", description);
            return body;
        }
    }

    /**
     * One payment as the rail announces it.
     *
     * @param receiptNumber    the rail's receipt ({@code TransID}); null in a validation that carries none
     * @param accountReference {@code BillRefNumber}, as the payer typed it (stripped)
     */
    public record Notification(String receiptNumber, OffsetDateTime transactionTime, BigDecimal amount,
                               String shortCode, String accountReference, String phoneNumber) {
    }

    /** A validation call; a body that breaks the protocol is a {@link RailMessageException}. */
    public static Notification readValidation(String raw) {
        return read(RailMessage.parse(raw), false);
    }

    /** A confirmation: as a validation, and its receipt is required. */
    public static Notification readConfirmation(String raw) {
        return read(RailMessage.parse(raw), true);
    }

    /** The confirmation's answer once it is recorded (a repeated one included). */
    public static Map<String, Object> confirmed() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("ResultCode", 0);
        body.put("ResultDesc", "Success");
        return body;
    }

    private static Notification read(RailMessage body, boolean confirmation) {
        String receipt = body.text("TransID");
        if (receipt != null && !RECEIPT.matcher(receipt).matches() || confirmation && receipt == null) {
            throw new RailMessageException("The field TransID must be the rail's receipt, 6 to 20 letters or digits");
        }
        BigDecimal amount = body.amount("TransAmount");
        if (amount == null) {
            throw new RailMessageException("The field TransAmount is required");
        }
        String shortCode = required(body, "BusinessShortCode", SHORT_CODE, "a short code of 5 to 7 digits");
        String msisdn = required(body, "MSISDN", MSISDN, "a phone number in international form, digits only");
        String reference = body.text("BillRefNumber");
        return new Notification(receipt, time(body.text("TransTime")), amount, shortCode,
                reference == null ? "" : reference.strip(), msisdn);
    }

    private static String required(RailMessage body, String field, Pattern pattern, String what) {
        String value = body.text(field);
        if (value == null || !pattern.matcher(value).matches()) {
            throw new RailMessageException("The field " + field + " must be " + what);
        }
        return value;
    }

    private static OffsetDateTime time(String text) {
        if (text == null) {
            throw new RailMessageException("The field TransTime is required");
        }
        try {
            return RailTime.parse(text);
        } catch (DateTimeParseException notATime) {
            throw new RailMessageException("The field TransTime must be yyyyMMddHHmmss");
        }
    }
}
