package com.paywire.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.paywire.persistence.cards.CardStore;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.DeliveryStatus;
import com.paywire.vocabulary.notifications.Event;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The times the stores write are the platform's, not the database's: in the local stack the test clock moves the
 * platform's time, and a ledger line, a delivery or a fraud screen stamped by the database would fall behind the
 * workflow steps around it, and out of the windows the platform counts in.
 */
@SpringBootTest(classes = {PersistenceTestApplication.class, PlatformTimeStampsTest.TwoHoursAhead.class})
class PlatformTimeStampsTest {

    static final Duration AHEAD = Duration.ofHours(2);

    /** Not annotated: a configuration class here would be scanned into every context built on the persistence layer. */
    static class TwoHoursAhead {

        @Bean
        Clock clock() {
            return Clock.offset(Clock.systemUTC(), AHEAD);
        }
    }

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
    }

    @Autowired
    Ledger ledger;
    @Autowired
    EventStore events;
    @Autowired
    CardStore cards;
    @Autowired
    ApiClientStore clients;
    @Autowired
    JdbcClient jdbc;

    @Test
    void givenTransfersAndAHoldReleased_theLedgerShouldStampThemWithThePlatformsTime() {
        String client = newClient();
        ledger.transfer("fund:" + client, new Leg(LedgerAccounts.FUNDING, LedgerAccounts.working(client),
                new BigDecimal("100.00")), "float");
        String hold = "payout:" + UUID.randomUUID();
        ledger.reserve(hold, List.of(new Leg(LedgerAccounts.working(client),
                LedgerAccounts.railSettlement(Rail.MOBILE_MONEY), new BigDecimal("40.00"))), "payout");
        ledger.voidReservation(hold);

        Ledger.Transfer released = ledger.transfersOf(hold).getFirst();
        assertAhead(released.createdAt());
        assertAhead(released.settledAt());
        assertAhead(ledger.transfersOf("fund:" + client).getFirst().settledAt());
        jdbc.sql("select e.created_at from ledger_entries e join ledger_transfers t on t.id = e.transfer_id"
                        + " where t.idempotency_key = ?").param("fund:" + client).query(OffsetDateTime.class).list()
                .forEach(PlatformTimeStampsTest::assertAhead);
    }

    @Test
    void givenAnEventDelivered_itsDeliveryShouldBePlannedAndFinishedAtThePlatformsTime() {
        String client = newClient();
        Delivery planned = events.recordAndPlan(new Event(UUID.randomUUID(), client,
                "payout.completed", "order:" + UUID.randomUUID(), "{}", "http://127.0.0.1:9/callback",
                OffsetDateTime.now(Clock.offset(Clock.systemUTC(), AHEAD)))).getFirst();
        events.finish(planned.id(), DeliveryStatus.DELIVERED);

        assertAhead(planned.createdAt());
        Delivery stored = events.findDelivery(planned.id()).orElseThrow();
        assertThat(stored.createdAt()).isCloseTo(planned.createdAt(), within(1, ChronoUnit.MILLIS));
        assertAhead(stored.finishedAt());
    }

    @Test
    void givenAFraudScreen_itShouldCountInTheVelocityWindowBeforeThePlatformsNow() {
        String client = newClient();
        cards.saveFraudScreen(new CardStore.FraudScreenRecord(UUID.randomUUID().toString(), "pi_ahead",
                new BigDecimal("10.00"), "KES", "ACCEPT", 0, ""), client);

        OffsetDateTime platformNow = OffsetDateTime.now(Clock.offset(Clock.systemUTC(), AHEAD));
        assertThat(cards.screensSince(client, "pi_ahead", platformNow.minusMinutes(10))).isEqualTo(1);
    }

    private String newClient() {
        String client = "stamps-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "x", Set.of("payouts")), List.of());
        ledger.openClientAccounts(client, "KES");
        return client;
    }

    /** Within a minute of the platform's now, two hours ahead of the database's. */
    private static void assertAhead(OffsetDateTime stamped) {
        assertThat(stamped).isNotNull()
                .isCloseTo(OffsetDateTime.now().plus(AHEAD), within(1, ChronoUnit.MINUTES));
    }
}
