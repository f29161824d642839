package com.paywire.domain.settlements;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code paywire.settlement.*}: when schedules settle and how long a settlement waits for the bank.
 *
 * @param cutOff               the local time scheduled settlements run at (16:00)
 * @param zone                 the cut-off's time zone (Africa/Nairobi)
 * @param weeklyDay            the day a WEEKLY schedule settles (FRIDAY)
 * @param accountCoolOff       how long after a change of bank account no settlement goes to it (24 h)
 * @param accountCheckWait     how long a PUT of instructions waits for the bank's account registry (10 s)
 * @param railAnswerWindow     how long the bank has to give a final answer before the settlement is UNCONFIRMED
 * @param statusQueryInterval  how often the bank is asked meanwhile
 * @param reconciliationWindow after that, how long the bank is still asked before the settlement is referred
 */
@ConfigurationProperties("paywire.settlement")
public record SettlementProperties(@DefaultValue("16:00") LocalTime cutOff,
                                   @DefaultValue("Africa/Nairobi") ZoneId zone,
                                   @DefaultValue("FRIDAY") DayOfWeek weeklyDay,
                                   @DefaultValue("PT24H") Duration accountCoolOff,
                                   @DefaultValue("PT10S") Duration accountCheckWait,
                                   @DefaultValue("PT5M") Duration railAnswerWindow,
                                   @DefaultValue("PT1M") Duration statusQueryInterval,
                                   @DefaultValue("PT24H") Duration reconciliationWindow) {
}
