package com.paywire.vocabulary.rules.settlements;

import com.paywire.vocabulary.settlements.SettlementSchedule;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.TemporalAdjusters;
import java.util.Optional;

/**
 * When a schedule next settles: the first cut-off strictly after {@code now}, in the cut-off's zone (Nairobi
 * has no daylight saving, but the rule does not assume it). DAILY: today's cut-off if still ahead, else
 * tomorrow's; WEEKLY: the next {@code weeklyDay} at the cut-off (today's if it is that day and the cut-off is
 * ahead); MANUAL: never.
 */
public final class SettlementCutOffs {

    private SettlementCutOffs() {
    }

    public static Optional<Instant> next(Instant now, SettlementSchedule schedule, LocalTime cutOff, ZoneId zone,
                                         DayOfWeek weeklyDay) {
        ZonedDateTime local = now.atZone(zone);
        ZonedDateTime today = local.toLocalDate().atTime(cutOff).atZone(zone);
        return switch (schedule) {
            case MANUAL -> Optional.empty();
            case DAILY -> Optional.of((today.isAfter(local) ? today : today.plusDays(1)).toInstant());
            case WEEKLY -> {
                ZonedDateTime candidate = today.with(TemporalAdjusters.nextOrSame(weeklyDay));
                yield Optional.of((candidate.isAfter(local) ? candidate : candidate.plusWeeks(1)).toInstant());
            }
        };
    }
}
