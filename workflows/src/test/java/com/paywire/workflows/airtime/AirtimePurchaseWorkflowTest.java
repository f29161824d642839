package com.paywire.workflows.airtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.vocabulary.airtime.AirtimePurchaseStatus;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.SearchAttributeRegistration;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import io.temporal.activity.Activity;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The airtime purchase workflow alone, against in-memory activities and an in-memory working account, with time
 * skipping: each recipient's funds are held, then posted or released on their own, whatever the others' fate.
 */
class AirtimePurchaseWorkflowTest {

    static final Duration WINDOW = Duration.ofMinutes(2);

    /**
     * The networks and the records in one: a working account with holds per recipient, a rail whose answer per
     * recipient is set by the test, and the close and finish steps noting what they did.
     */
    static final class Networks implements AirtimeActivities, AirtimeRailActivities {
        BigDecimal working;
        final Map<String, BigDecimal> amounts = new ConcurrentHashMap<>();
        final Map<String, BigDecimal> held = new ConcurrentHashMap<>();
        final Map<String, BigDecimal> posted = new ConcurrentHashMap<>();
        final Map<String, BigDecimal> released = new ConcurrentHashMap<>();
        final Map<String, TopUpOutcome> closed = new ConcurrentHashMap<>();
        final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();
        /** Recipients whose network answers a refusal with this code. */
        final Map<String, String> refusals = new ConcurrentHashMap<>();
        /** Recipients whose rail call fails with this type, every time. */
        final Map<String, FailureType> failures = new ConcurrentHashMap<>();
        /**
         * Recipients whose status query says pending through this many windows (each window one activity, however
         * often the test server retries it) before its answer.
         */
        final Map<String, Integer> silentWindows = new ConcurrentHashMap<>();
        final Map<String, Set<String>> queryWindows = new ConcurrentHashMap<>();
        /** What the status query answers then; absent: the network never received the top-up. */
        final Map<String, TopUpOutcome> statusAnswers = new ConcurrentHashMap<>();
        final Map<String, AtomicInteger> statusQueries = new ConcurrentHashMap<>();
        /** Recipients recorded as pending confirmation, with whether they were referred to operations. */
        final Map<String, List<Boolean>> unconfirmed = new ConcurrentHashMap<>();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger mostInFlight = new AtomicInteger();
        final List<String> finished = new ArrayList<>();
        /** Run once, while a recipient's network is asked through the reconciliation window (its second window). */
        volatile Runnable whileReconciling;

        Networks(String float_) {
            this.working = new BigDecimal(float_);
        }

        void recipient(String id, String amount) {
            amounts.put(id, new BigDecimal(amount));
        }

        @Override
        public synchronized boolean reserve(String recipientId) {
            if (held.containsKey(recipientId)) {
                return true;
            }
            BigDecimal amount = amounts.get(recipientId);
            if (working.compareTo(amount) < 0) {
                closed.put(recipientId, new TopUpOutcome(recipientId, TopUpOutcome.INSUFFICIENT_FUNDS, "short", null));
                return false;
            }
            working = working.subtract(amount);
            held.put(recipientId, amount);
            return true;
        }

        @Override
        public TopUpOutcome topUp(String recipientId) {
            attempts.computeIfAbsent(recipientId, id -> new AtomicInteger()).incrementAndGet();
            mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                Thread.sleep(5);
                FailureType failure = failures.get(recipientId);
                if (failure != null) {
                    throw failure.failure("the rail failed as " + failure, null);
                }
                String refusal = refusals.get(recipientId);
                return refusal != null ? new TopUpOutcome(recipientId, refusal, "refused", null)
                        : new TopUpOutcome(recipientId, TopUpOutcome.SUCCESS, "topped up", "AT-" + recipientId);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } finally {
                inFlight.decrementAndGet();
            }
        }

        @Override
        public TopUpOutcome queryTopUp(String recipientId) {
            statusQueries.computeIfAbsent(recipientId, id -> new AtomicInteger()).incrementAndGet();
            Set<String> windows = queryWindows.computeIfAbsent(recipientId, id -> ConcurrentHashMap.newKeySet());
            windows.add(Activity.getExecutionContext().getInfo().getActivityId());
            Runnable operator = whileReconciling;
            if (operator != null && windows.size() == 2) {
                whileReconciling = null;
                operator.run();
            }
            if (windows.size() <= silentWindows.getOrDefault(recipientId, 0)) {
                throw FailureType.RAIL_UNAVAILABLE.failure("the top-up is still pending at the network", null);
            }
            return statusAnswers.getOrDefault(recipientId, TopUpOutcome.networkUnavailable(recipientId));
        }

        @Override
        public void recordUnconfirmed(String recipientId, boolean referredToOperations) {
            unconfirmed.computeIfAbsent(recipientId, id -> new ArrayList<>()).add(referredToOperations);
        }

        @Override
        public synchronized void closeRecipient(TopUpOutcome outcome) {
            String id = outcome.recipientId();
            BigDecimal hold = held.remove(id);
            if (hold == null) {
                return; // closed before
            }
            if (outcome.toppedUp()) {
                posted.put(id, hold);
            } else {
                released.put(id, hold);
                working = working.add(hold);
            }
            closed.put(id, outcome);
        }

        @Override
        public synchronized AirtimePurchaseStatus finish(String purchaseId) {
            finished.add(purchaseId);
            long done = closed.values().stream().filter(TopUpOutcome::toppedUp).count();
            return done == amounts.size() ? AirtimePurchaseStatus.COMPLETED : done == 0 ? AirtimePurchaseStatus.FAILED
                    : AirtimePurchaseStatus.PARTIALLY_COMPLETED;
        }
    }

    TestWorkflowEnvironment env;
    String lastWorkflowId;

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace());
    }

    /** Keeps the workflow's history for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        RecordedHistories.keepIfAsked(env, lastWorkflowId, "airtime-" + test.getTestMethod().orElseThrow().getName());
        env.close();
    }

    @Test
    void givenAnOperatorSaysARecipientPendingConfirmationWasToppedUp_theWorkflowShouldStopAsking_andPostItsHold() {
        Networks networks = start(new Networks("1000.00"));
        networks.recipient("silent", "100.00");
        networks.failures.put("silent", FailureType.RAIL_UNAVAILABLE);
        networks.silentWindows.put("silent", Integer.MAX_VALUE);

        String status = purchaseResolvedByOperator(networks, "ocid-op-paid", List.of("silent"),
                new OperatorResolution("silent", true, "SAF-CONFIRMED-1"));

        assertThat(status).isEqualTo("COMPLETED");
        assertThat(networks.posted).containsOnlyKeys("silent");
        assertThat(networks.closed.get("silent").receiptNumber()).isEqualTo("SAF-CONFIRMED-1");
        assertThat(networks.unconfirmed.get("silent")).as("pending confirmation, never referred").containsExactly(false);
        assertThat(networks.finished).containsExactly("purchase-ocid-op-paid");
    }

    @Test
    void givenAnOperatorSaysARecipientPendingConfirmationWasNotToppedUp_itsHoldShouldBeReleased() {
        Networks networks = start(new Networks("1000.00"));
        networks.recipient("silent", "100.00");
        networks.recipient("fine", "50.00");
        networks.failures.put("silent", FailureType.RAIL_UNAVAILABLE);
        networks.silentWindows.put("silent", Integer.MAX_VALUE);

        String status = purchaseResolvedByOperator(networks, "ocid-op-not-paid", List.of("silent", "fine"),
                new OperatorResolution("silent", false, "ticket 42"));

        assertThat(status).isEqualTo("PARTIALLY_COMPLETED");
        assertThat(networks.released).containsOnlyKeys("silent");
        assertThat(networks.closed.get("silent").resultCode()).isEqualTo(TopUpOutcome.REFUSED);
        assertThat(networks.working).isEqualByComparingTo("950.00");
    }

    @Test
    void givenOneRecipientRefused_andOneNetworkAwayForItsWindow_onlyThoseTwoShouldBeReleased_andTheRestPosted() {
        Networks networks = start(new Networks("1000.00"));
        networks.recipient("safaricom", "100.00");
        networks.recipient("airtel", "200.00");
        networks.recipient("telkom", "300.00");
        networks.refusals.put("airtel", TopUpOutcome.INVALID_NUMBER);
        networks.failures.put("telkom", FailureType.RAIL_UNAVAILABLE);

        String status = purchase("ocid-1", List.of("safaricom", "airtel", "telkom"));

        assertThat(status).isEqualTo("PARTIALLY_COMPLETED");
        assertThat(networks.posted).containsOnlyKeys("safaricom");
        assertThat(networks.released).containsOnlyKeys("airtel", "telkom");
        assertThat(networks.held).as("nothing left held").isEmpty();
        assertThat(networks.working).isEqualByComparingTo("900.00");
        assertThat(networks.closed.get("safaricom").receiptNumber()).isEqualTo("AT-safaricom");
        assertThat(networks.closed.get("airtel").resultCode()).isEqualTo(TopUpOutcome.INVALID_NUMBER);
        assertThat(networks.closed.get("telkom").resultCode()).isEqualTo(TopUpOutcome.NETWORK_UNAVAILABLE);
        assertThat(networks.attempts.get("telkom").get()).as("an outage is retried through the window")
                .isGreaterThan(3);
        assertThat(networks.attempts.get("airtel").get()).as("a refusal is an answer, not retried").isEqualTo(1);
        assertThat(networks.finished).containsExactly("purchase-ocid-1");
    }

    @Test
    void givenANetworkAwayForTheWholeWindow_whoseStatusQuerySaysToppedUp_theRecipientShouldBeCompleted_andItsHoldPosted() {
        Networks networks = start(new Networks("1000.00"));
        networks.recipient("took-it", "100.00");
        networks.failures.put("took-it", FailureType.RAIL_UNAVAILABLE);
        networks.statusAnswers.put("took-it",
                new TopUpOutcome("took-it", TopUpOutcome.SUCCESS, "topped up", "AT-LATE"));

        String status = purchase("ocid-6", List.of("took-it"));

        assertThat(status).isEqualTo("COMPLETED");
        assertThat(networks.posted).as("the network topped up: the hold is posted, not released")
                .containsOnlyKeys("took-it");
        assertThat(networks.released).isEmpty();
        assertThat(networks.working).isEqualByComparingTo("900.00");
        assertThat(networks.closed.get("took-it").receiptNumber()).isEqualTo("AT-LATE");
        assertThat(networks.unconfirmed).as("answered by the first status query").isEmpty();
    }

    @Test
    void givenANetworkThatNeverSaysWhatBecameOfATopUp_itsFundsShouldStayHeld_andTheRecipientBeReferredToOperations() {
        Networks networks = start(new Networks("1000.00"));
        networks.recipient("silent", "100.00");
        networks.recipient("fine", "50.00");
        networks.failures.put("silent", FailureType.RAIL_UNAVAILABLE);
        networks.silentWindows.put("silent", Integer.MAX_VALUE);

        String status = purchase("ocid-7", List.of("silent", "fine"));

        assertThat(status).as("not final: no outcome, no callback").isEqualTo("PENDING");
        assertThat(networks.held).as("the network may have topped up: its funds stay held")
                .containsOnlyKeys("silent");
        assertThat(networks.released).isEmpty();
        assertThat(networks.posted).containsOnlyKeys("fine");
        assertThat(networks.working).isEqualByComparingTo("850.00");
        assertThat(networks.unconfirmed.get("silent")).as("pending confirmation, then referred")
                .containsExactly(false, true);
        assertThat(networks.statusQueries.get("silent").get()).as("asked with backoff through the window, every half hour at most often")
                .isGreaterThan(40);
        assertThat(networks.finished).isEmpty();
    }

    @Test
    void givenANetworkThatSaysLateItRefusedATopUp_itsFundsShouldBeReleased() {
        Networks networks = start(new Networks("1000.00"));
        networks.recipient("refused-late", "100.00");
        networks.failures.put("refused-late", FailureType.RAIL_UNAVAILABLE);
        networks.silentWindows.put("refused-late", 1); // answered only once reconciling
        networks.statusAnswers.put("refused-late",
                new TopUpOutcome("refused-late", TopUpOutcome.REFUSED, "refused", null));

        String status = purchase("ocid-8", List.of("refused-late"));

        assertThat(status).isEqualTo("FAILED");
        assertThat(networks.released).containsOnlyKeys("refused-late");
        assertThat(networks.working).isEqualByComparingTo("1000.00");
        assertThat(networks.closed.get("refused-late").resultCode()).isEqualTo(TopUpOutcome.REFUSED);
        assertThat(networks.unconfirmed.get("refused-late")).containsExactly(false);
    }

    @Test
    void givenEveryNetworkTopsUp_thePurchaseShouldBeCompleted_andEveryHoldPosted() {
        Networks networks = start(new Networks("1000.00"));
        networks.recipient("a", "10.00");
        networks.recipient("b", "100.00");

        String status = purchase("ocid-2", List.of("a", "b"));

        assertThat(status).isEqualTo("COMPLETED");
        assertThat(networks.posted).containsOnlyKeys("a", "b");
        assertThat(networks.released).isEmpty();
        assertThat(networks.working).isEqualByComparingTo("890.00");
    }

    @Test
    void givenTheWorkingAccountCannotCoverOneRecipient_onlyThatOneShouldFail_andNothingBeSentForIt() {
        Networks networks = start(new Networks("500.00"));
        networks.recipient("small", "100.00");
        networks.recipient("large", "5000.00");

        String status = purchase("ocid-3", List.of("small", "large"));

        assertThat(status).isEqualTo("PARTIALLY_COMPLETED");
        assertThat(networks.closed.get("large").resultCode()).isEqualTo(TopUpOutcome.INSUFFICIENT_FUNDS);
        assertThat(networks.attempts).as("nothing sent for the recipient not covered").doesNotContainKey("large");
        assertThat(networks.posted).containsOnlyKeys("small");
        assertThat(networks.working).isEqualByComparingTo("400.00");
    }

    @Test
    void givenManyRecipients_atMostTenShouldBeWithTheNetworksAtOnce_andEveryOneToppedUp() {
        Networks networks = start(new Networks("100000.00"));
        List<String> ids = IntStream.range(0, 25).mapToObj(i -> "r" + i).toList();
        ids.forEach(id -> networks.recipient(id, "50.00"));

        String status = purchase("ocid-4", ids);

        assertThat(status).isEqualTo("COMPLETED");
        assertThat(networks.posted).hasSize(25);
        assertThat(networks.mostInFlight.get()).isBetween(1, AirtimePurchaseWorkflowImpl.MAX_IN_FLIGHT);
    }

    @Test
    void givenAnAnswerThatCannotBeRead_thePurchaseShouldFailVisibly_notPretendTheNetworkWasAway() {
        Networks networks = start(new Networks("1000.00"));
        networks.recipient("garbled", "100.00");
        networks.failures.put("garbled", FailureType.BAD_DATA);

        assertThatThrownBy(() -> purchase("ocid-5", List.of("garbled"))).isInstanceOf(WorkflowFailedException.class);

        assertThat(networks.attempts.get("garbled").get()).as("bad data is not retried").isEqualTo(1);
        assertThat(networks.closed).as("nothing is recorded on a guess").isEmpty();
        assertThat(networks.finished).isEmpty();
    }

    private Networks start(Networks networks) {
        Worker worker = env.newWorker(TaskQueues.PLATFORM);
        worker.registerWorkflowImplementationTypes(AirtimePurchaseWorkflowImpl.class);
        worker.registerActivitiesImplementations(networks);
        env.start();
        return networks;
    }

    /**
     * Starts the purchase and waits for it; an operator resolves a recipient while its network is asked through the
     * reconciliation window (the recipient pending confirmation).
     */
    private String purchaseResolvedByOperator(Networks networks, String ocid, List<String> recipientIds,
                                              OperatorResolution resolution) {
        lastWorkflowId = WorkflowIds.airtime("client-1", ocid);
        AirtimePurchaseWorkflow workflow = env.getWorkflowClient().newWorkflowStub(AirtimePurchaseWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.PLATFORM).setWorkflowId(lastWorkflowId).build());
        networks.whileReconciling = () -> env.getWorkflowClient().newWorkflowStub(AirtimePurchaseWorkflow.class,
                lastWorkflowId).resolve(resolution);
        WorkflowClient.start(workflow::purchase,
                new AirtimePurchaseCommand("purchase-" + ocid, "client-1", ocid, recipientIds, WINDOW));
        return WorkflowStub.fromTyped(workflow).getResult(String.class);
    }

    private String purchase(String ocid, List<String> recipientIds) {
        lastWorkflowId = WorkflowIds.airtime("client-1", ocid);
        AirtimePurchaseWorkflow workflow = env.getWorkflowClient().newWorkflowStub(AirtimePurchaseWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.PLATFORM).setWorkflowId(lastWorkflowId).build());
        return workflow.purchase(new AirtimePurchaseCommand("purchase-" + ocid, "client-1", ocid, recipientIds, WINDOW));
    }
}
