package com.paywire.persistence.notifications;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.persistence.PersistenceTestApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.Event;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

@SpringBootTest(classes = PersistenceTestApplication.class)
class EventStoreTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
    }

    @Autowired
    EventStore events;
    @Autowired
    ApiClientStore clients;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    DataSource dataSource;

    /**
     * Found by the chaos run: two events of one payment recorded at the same moment (two lines of an order closing
     * together) both took the same delivery as their predecessor, and one of the two successors waited for ever.
     */
    @Test
    void givenEventsOfOnePaymentRecordedAtOnce_theirDeliveriesShouldFormOneChain_withoutForks() throws Exception {
        String client = "events-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "x", Set.of("payouts")), List.of());
        String payment = "order:" + UUID.randomUUID();
        int rounds = 25;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CyclicBarrier together = new CyclicBarrier(2);
        List<Future<?>> recorders = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            recorders.add(pool.submit(() -> {
                for (int round = 0; round < rounds; round++) {
                    together.await();
                    events.recordAndPlan(new Event(UUID.randomUUID(), client, "payout.completed", payment,
                            "{}", "http://127.0.0.1:9/callback", OffsetDateTime.now()));
                }
                return null;
            }));
        }
        for (Future<?> recorder : recorders) {
            recorder.get();
        }
        pool.shutdown();

        assertThat(jdbc.sql("""
                select count(*) from deliveries d where d.client_id = ?
                  and (select count(*) from deliveries s where s.predecessor_id = d.id) > 1""")
                .param(client).query(Integer.class).single()).as("deliveries followed by two").isZero();
        assertThat(jdbc.sql("select count(*) from deliveries where client_id = ? and predecessor_id is null")
                .param(client).query(Integer.class).single()).as("chain heads").isEqualTo(1);
        assertThat(jdbc.sql("select count(*) from deliveries where client_id = ?").param(client)
                .query(Integer.class).single()).isEqualTo(2 * rounds);
    }

    /**
     * The payment's lock orders the planning of deliveries: an event with none to plan (no endpoint subscribed, no
     * callback URL) does not wait for it; one with a delivery to plan does, until the holder commits.
     */
    @Test
    void givenThePaymentsLockHeld_anEventWithNoDeliveryShouldNotWaitForIt_andOneWithADeliveryShould() throws Exception {
        String client = "events-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "x", Set.of("payouts")), List.of());
        String payment = "order:" + UUID.randomUUID();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Connection holder = dataSource.getConnection()) {
            holder.setAutoCommit(false);
            try (PreparedStatement lock = holder.prepareStatement("select pg_advisory_xact_lock(hashtextextended(?, 0))")) {
                lock.setString(1, payment);
                lock.execute();
            }

            Future<List<Delivery>> untold = pool.submit(() -> events.recordAndPlan(new Event(
                    UUID.randomUUID(), client, "payout.completed", payment, "{}", null, OffsetDateTime.now())));
            assertThat(untold.get(10, TimeUnit.SECONDS)).isEmpty();

            Future<List<Delivery>> told = pool.submit(() -> events.recordAndPlan(new Event(
                    UUID.randomUUID(), client, "payout.completed", payment, "{}", "http://127.0.0.1:9/callback",
                    OffsetDateTime.now())));
            assertThatThrownBy(() -> told.get(1, TimeUnit.SECONDS)).isInstanceOf(TimeoutException.class);
            holder.commit();
            assertThat(told.get(10, TimeUnit.SECONDS)).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
    }
}
