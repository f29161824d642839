package com.paywire.workflows.settlements;

import com.paywire.vocabulary.settlements.SettlementSchedule;

/**
 * A client's schedule as its workflow reads it, with where the cut-off lies (the platform's settings).
 *
 * @param schedule  null when the client has no instructions (the workflow then waits to be told of some)
 * @param cutOff    the local time of the cut-off, ISO (16:00)
 * @param zone      the cut-off's time zone (Africa/Nairobi)
 * @param weeklyDay the day a WEEKLY schedule settles (FRIDAY)
 */
public record SchedulePlan(SettlementSchedule schedule, String cutOff, String zone, String weeklyDay) {
}
