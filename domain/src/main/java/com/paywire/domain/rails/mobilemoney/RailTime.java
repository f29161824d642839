package com.paywire.domain.rails.mobilemoney;

import java.time.Clock;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * The mobile-money rail's times: local East Africa time written yyyyMMddHHmmss, without a zone, as its callbacks,
 * status answers and C2B confirmations carry them.
 */
public final class RailTime {

    private static final ZoneId RAIL_ZONE = ZoneId.of("Africa/Nairobi");
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

    private RailTime() {
    }

    /** Now, as the rail would write it. */
    public static String now(Clock clock) {
        return LocalDateTime.now(clock.withZone(RAIL_ZONE)).format(FORMAT);
    }

    /** @throws java.time.format.DateTimeParseException when it is not yyyyMMddHHmmss */
    public static OffsetDateTime parse(String text) {
        LocalDateTime local = LocalDateTime.parse(text, FORMAT);
        return OffsetDateTime.of(local, RAIL_ZONE.getRules().getOffset(local));
    }
}
