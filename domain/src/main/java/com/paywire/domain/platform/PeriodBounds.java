package com.paywire.domain.platform;

import com.paywire.vocabulary.rules.FieldProblem;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * The {@code from} and {@code to} of a period a client asks for (a statement, its settlements): each an ISO-8601
 * instant or a date, a {@code from} date the start of that day in UTC and a {@code to} date the end of it, so that
 * {@code from=2026-12-01&to=2026-12-01} is that whole day.
 */
public final class PeriodBounds {

    private PeriodBounds() {
    }

    /**
     * @param endOfDay whether a date means the end of its day ({@code to}) rather than its start
     * @param absent   the bound when none was given
     * @param problems where a value that is neither an instant nor a date is named, the bound then {@code absent}
     */
    public static Instant parse(String value, String field, boolean endOfDay, Instant absent,
                                List<FieldProblem> problems) {
        if (value == null || value.isBlank()) {
            return absent;
        }
        try {
            return Instant.parse(value.strip());
        } catch (DateTimeParseException notAnInstant) {
            try {
                LocalDate day = LocalDate.parse(value.strip());
                return (endOfDay ? day.plusDays(1) : day).atStartOfDay(ZoneOffset.UTC).toInstant();
            } catch (DateTimeParseException notADate) {
                problems.add(new FieldProblem(field, field
                        + " must be an ISO-8601 instant (2026-01-31T09:30:00Z) or date (2026-01-31)."));
                return absent;
            }
        }
    }
}
