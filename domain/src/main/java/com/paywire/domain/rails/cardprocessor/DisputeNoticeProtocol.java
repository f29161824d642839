package com.paywire.domain.rails.cardprocessor;

import com.paywire.domain.rails.RailCallback;
import com.paywire.domain.rails.RailMessage;
import com.paywire.domain.rails.RailMessageException;
import com.paywire.vocabulary.cards.DisputeStatus;
import com.paywire.vocabulary.rules.amounts.Amounts;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The card processor's dispute notification, {@code POST /rails/card-processor/disputes}: a dispute opened
 * (status NEEDS_RESPONSE) or decided (WON, LOST), each a JSON object
 * {@code {id, captureId, amount, currency, reason, evidenceDueBy, status}} (a decision needs only its id and status). The same dispute id is one dispute,
 * however often it is sent.
 */
public final class DisputeNoticeProtocol {

    public static final String CALLBACK_PATH = "/rails/card-processor/disputes";

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._:-]{1,64}");
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    private static final Set<DisputeStatus> SENT = Set.of(DisputeStatus.NEEDS_RESPONSE, DisputeStatus.WON,
            DisputeStatus.LOST);

    private DisputeNoticeProtocol() {
    }

    /**
     * @param id        the processor's dispute id
     * @param captureId the processor's id of the disputed capture (card_transactions.processor_transaction_id)
     */
    public record Notice(String id, String captureId, BigDecimal amount, String currency, String reason,
                         Instant evidenceDueBy, DisputeStatus status) {
    }

    /**
     * Reads the notification strictly: a new dispute (NEEDS_RESPONSE) with every field present and well formed; a
     * decision (WON, LOST) with its id and status, and any other field well formed where given. Refused naming the
     * field, never quoting it.
     */
    public static RailCallback<Notice> read(String raw) {
        RailMessage body = RailMessage.parse(raw);
        DisputeStatus status;
        try {
            status = DisputeStatus.valueOf(required(body, "status"));
        } catch (IllegalArgumentException e) {
            status = null;
        }
        if (status == null || !SENT.contains(status)) {
            throw new RailMessageException("The field status must be NEEDS_RESPONSE, WON or LOST");
        }
        boolean opened = status == DisputeStatus.NEEDS_RESPONSE;
        String id = required(body, "id");
        String captureId = field(body, "captureId", opened);
        if (!ID.matcher(id).matches() || (captureId != null && !ID.matcher(captureId).matches())) {
            throw new RailMessageException("The fields id and captureId must be 1-64 letters, digits or . _ : -");
        }
        BigDecimal amount = body.amount("amount");
        if ((opened && amount == null)
                || (amount != null && (amount.signum() <= 0 || !Amounts.isValid(amount)))) {
            throw new RailMessageException("The field amount must be a positive amount with at most two decimals");
        }
        String currency = field(body, "currency", opened);
        if (currency != null && !CURRENCY.matcher(currency).matches()) {
            throw new RailMessageException("The field currency must be a three-letter code");
        }
        String reason = field(body, "reason", opened);
        if (reason != null && reason.length() > 100) {
            throw new RailMessageException("The field reason must be at most 100 characters");
        }
        String dueBy = field(body, "evidenceDueBy", opened);
        Instant due;
        try {
            due = dueBy == null ? null : Instant.parse(dueBy);
        } catch (DateTimeParseException e) {
            throw new RailMessageException("The field evidenceDueBy must be an ISO-8601 instant");
        }
        return new RailCallback<>(new Notice(id, captureId, amount, currency, reason, due, status), body.json());
    }

    private static String field(RailMessage body, String field, boolean required) {
        String value = body.text(field);
        if (value != null && value.isBlank()) {
            value = null;
        }
        if (value == null && required) {
            throw new RailMessageException("The body has no " + field);
        }
        return value;
    }

    private static String required(RailMessage body, String field) {
        String value = body.text(field);
        if (value == null || value.isBlank()) {
            throw new RailMessageException("The body has no " + field);
        }
        return value;
    }
}
