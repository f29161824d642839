package com.paywire.workflows.settlements;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.settlements.SettlementSchedule;
import com.paywire.vocabulary.settlements.SettlementStatus;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.SearchAttributeRegistration;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.PayoutRailActivities;
import com.paywire.workflows.payouts.PayoutTiming;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.RailResult;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The settlement's workflow, its schedule's and its account check's, against in-memory activities with time
 * skipping: what the workflow asks of the ledger steps in each of the bank's answers, when a schedule settles.
 */
class SettlementWorkflowsTest {

    static final String CLIENT = "client-1";
    static final PayoutTiming TIMING = new PayoutTiming(Duration.ofMinutes(5), Duration.ofMinutes(1),
            Duration.ofHours(24), 1);

    /** The ledger steps and the bank; {@code steps} notes what was asked, in order. */
    static final class InMemory implements SettlementActivities, PayoutRailActivities, AccountCheckActivities {
        final List<String> steps = new CopyOnWriteArrayList<>();
        volatile boolean holds = true;
        volatile RailAcknowledgement acknowledgement = new RailAcknowledgement(true, "BT1", "00", "Accepted", null);
        volatile boolean bankUnreachable;
        volatile RailResult status;
        volatile SettlementSchedule schedule = SettlementSchedule.DAILY;
        volatile AccountCheck check = AccountCheck.MATCHED;

        @Override
        public SettlementHold holdSettlement(String settlementId) {
            steps.add("hold " + settlementId);
            return holds ? new SettlementHold(true, new PayoutLineCommand(CLIENT, null, settlementId, settlementId,
                    Rail.BANK, 2, new BigDecimal("990.00"), "KES", "1234567890", "ACME TRADING LIMITED", "01",
                    "Settlement", TIMING, false, null, settlementId), null, null)
                    : new SettlementHold(false, null, "1", "The utility account's available balance is short");
        }

        @Override
        public void closeSettlement(String settlementId, RailResult result) {
            steps.add("close " + settlementId + " " + result.state());
        }

        @Override
        public void failSettlement(String settlementId, String resultCode, String resultDescription) {
            steps.add("fail " + settlementId + " " + resultCode);
        }

        @Override
        public void keepHeldUnconfirmed(String settlementId) {
            steps.add("unconfirmed " + settlementId);
        }

        @Override
        public void referSettlement(String settlementId) {
            steps.add("refer " + settlementId);
        }

        @Override
        public SchedulePlan settlementPlan(String clientId) {
            return new SchedulePlan(schedule, "16:00", "Africa/Nairobi", "FRIDAY");
        }

        @Override
        public String settleAtCutOff(String clientId, long cutOffMillis) {
            steps.add("cut-off " + Instant.ofEpochMilli(cutOffMillis));
            return "s-scheduled";
        }

        @Override
        public RailAcknowledgement sendPayout(PayoutLineCommand line) {
            if (bankUnreachable) {
                throw ApplicationFailure.newFailure("bank away", FailureType.RAIL_UNAVAILABLE.name());
            }
            steps.add("send " + line.reference());
            return acknowledgement;
        }

        @Override
        public RailResult queryPayoutStatus(Rail rail, String reference) {
            return status != null ? status : RailResult.pending(reference);
        }

        @Override
        public AccountCheck checkSettlementAccount(AccountCheckCommand command) {
            return check;
        }
    }

    TestWorkflowEnvironment env;
    InMemory activities;
    String workflowId;
    String runId;

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace());
        activities = new InMemory();
        Worker worker = env.newWorker(TaskQueues.PAYOUTS);
        worker.registerWorkflowImplementationTypes(SettlementWorkflowImpl.class, SettlementScheduleWorkflowImpl.class,
                SettlementAccountCheckWorkflowImpl.class);
        worker.registerActivitiesImplementations(activities);
        env.start();
    }

    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        String name = test.getTestMethod().orElseThrow().getName();
        if (workflowId != null && workflowId.startsWith("settlement-schedule:")) {
            RecordedHistories.keepRunIfAsked(env, workflowId, runId, "settlement-schedule-" + name);
        } else if (workflowId != null && workflowId.startsWith("settlement-account-check:")) {
            RecordedHistories.keepIfAsked(env, workflowId, "settlement-account-check-" + name);
        } else {
            RecordedHistories.keepIfAsked(env, workflowId, "settlement-" + name);
        }
        env.close();
    }

    @Test
    void givenTheBankPays_byCallback_theHoldShouldBePosted() {
        SettlementWorkflow settlement = settlement("s-1");
        WorkflowClient.start(settlement::settle, new SettlementCommand(CLIENT, "s-1", TIMING));
        env.sleep(Duration.ofSeconds(30));

        settlement.railResult(result("s-1", RailResult.State.COMPLETED, "00"));

        assertThat(WorkflowStub.fromTyped(settlement).getResult(SettlementStatus.class)).isEqualTo(SettlementStatus.PAID);
        assertThat(activities.steps).containsExactly("hold s-1", "send s-1", "close s-1 COMPLETED");
    }

    @Test
    void givenTheBankFailsIt_theHoldShouldBeReleased() {
        SettlementWorkflow settlement = settlement("s-2");
        WorkflowClient.start(settlement::settle, new SettlementCommand(CLIENT, "s-2", TIMING));
        env.sleep(Duration.ofSeconds(30));

        settlement.railResult(result("s-2", RailResult.State.FAILED, "1"));

        assertThat(WorkflowStub.fromTyped(settlement).getResult(SettlementStatus.class))
                .isEqualTo(SettlementStatus.FAILED);
        assertThat(activities.steps).containsExactly("hold s-2", "send s-2", "close s-2 FAILED");
    }

    @Test
    void givenTheBankRefusesTheInstruction_itShouldFail_withoutWaiting() {
        activities.acknowledgement = new RailAcknowledgement(false, null, "14", "Invalid account",
                result("s-3", RailResult.State.FAILED, "2"));

        SettlementStatus status = settlement("s-3").settle(new SettlementCommand(CLIENT, "s-3", TIMING));

        assertThat(status).isEqualTo(SettlementStatus.FAILED);
        assertThat(activities.steps).containsExactly("hold s-3", "send s-3", "fail s-3 2");
    }

    @Test
    void givenTheUtilityAccountIsShort_nothingShouldBeSent() {
        activities.holds = false;

        SettlementStatus status = settlement("s-4").settle(new SettlementCommand(CLIENT, "s-4", TIMING));

        assertThat(status).isEqualTo(SettlementStatus.FAILED);
        assertThat(activities.steps).containsExactly("hold s-4");
    }

    @Test
    void givenNoAnswerInTheWindow_theHoldShouldBeKept_andALaterStatusAnswerSettleIt() {
        SettlementWorkflow settlement = settlement("s-5");
        WorkflowClient.start(settlement::settle, new SettlementCommand(CLIENT, "s-5", TIMING));
        env.sleep(Duration.ofMinutes(10));
        assertThat(activities.steps).containsExactly("hold s-5", "send s-5", "unconfirmed s-5");

        activities.status = result("s-5", RailResult.State.COMPLETED, "00");

        assertThat(WorkflowStub.fromTyped(settlement).getResult(SettlementStatus.class)).isEqualTo(SettlementStatus.PAID);
        assertThat(activities.steps).containsExactly("hold s-5", "send s-5", "unconfirmed s-5", "close s-5 COMPLETED");
    }

    @Test
    void givenNoAnswerThroughTheReconciliationWindow_itShouldBeReferred_holdKept_untilTheBanksLateCallback() {
        SettlementWorkflow settlement = settlement("s-6");
        WorkflowClient.start(settlement::settle, new SettlementCommand(CLIENT, "s-6", TIMING));
        env.sleep(Duration.ofHours(25));
        assertThat(activities.steps).containsExactly("hold s-6", "send s-6", "unconfirmed s-6", "refer s-6");

        settlement.railResult(result("s-6", RailResult.State.FAILED, "1"));

        assertThat(WorkflowStub.fromTyped(settlement).getResult(SettlementStatus.class))
                .isEqualTo(SettlementStatus.FAILED);
        assertThat(activities.steps).endsWith("close s-6 FAILED");
    }

    @Test
    void givenTheSameSettlementStartedTwice_itShouldRunOnce() {
        SettlementWorkflow first = settlement("s-7");
        WorkflowClient.start(first::settle, new SettlementCommand(CLIENT, "s-7", TIMING));
        try {
            SettlementWorkflow again = settlement("s-7");
            WorkflowClient.start(again::settle, new SettlementCommand(CLIENT, "s-7", TIMING));
        } catch (io.temporal.client.WorkflowExecutionAlreadyStarted expected) {
            // the id is taken: the second start is refused
        }
        first.railResult(result("s-7", RailResult.State.COMPLETED, "00"));

        assertThat(WorkflowStub.fromTyped(first).getResult(SettlementStatus.class)).isEqualTo(SettlementStatus.PAID);
        assertThat(activities.steps.stream().filter(s -> s.startsWith("hold"))).hasSize(1);
    }

    @Test
    void givenADailySchedule_itShouldSettleAtTheNextCutOff_andContinueAsNew() {
        SettlementScheduleWorkflow schedule = schedule();
        WorkflowExecution run = WorkflowClient.start(schedule::run, CLIENT);
        runId = run.getRunId();

        env.sleep(Duration.ofHours(25));

        assertThat(activities.steps).isNotEmpty();
        String first = activities.steps.getFirst();
        Instant cutOff = Instant.parse(first.substring("cut-off ".length()));
        // 16:00 in Nairobi is 13:00 UTC
        assertThat(cutOff.toString()).endsWith("T13:00:00Z");
        assertThat(WorkflowStub.fromTyped(schedule).describe().getExecution().getRunId()).isNotEqualTo(runId);
    }

    @Test
    void givenAManualSchedule_itShouldSettleNothing_untilToldOfAChange() {
        activities.schedule = SettlementSchedule.MANUAL;
        SettlementScheduleWorkflow schedule = schedule();
        WorkflowExecution run = WorkflowClient.start(schedule::run, CLIENT);
        runId = run.getRunId();
        env.sleep(Duration.ofDays(8));
        assertThat(activities.steps).isEmpty();

        activities.schedule = SettlementSchedule.WEEKLY;
        schedule.instructionsChanged();
        env.sleep(Duration.ofDays(8));

        assertThat(activities.steps).isNotEmpty();
        assertThat(Instant.parse(activities.steps.getFirst().substring("cut-off ".length()))
                .atZone(java.time.ZoneId.of("Africa/Nairobi")).getDayOfWeek()).isEqualTo(java.time.DayOfWeek.FRIDAY);
    }

    @Test
    void givenAnAccountTheRegistryHoldsUnderAnotherName_theCheckShouldSaySo() {
        activities.check = AccountCheck.NAME_MISMATCH;
        workflowId = WorkflowIds.settlementAccountCheck(CLIENT, "chk-1");
        SettlementAccountCheckWorkflow check = env.getWorkflowClient().newWorkflowStub(
                SettlementAccountCheckWorkflow.class, WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.PAYOUTS)
                        .setWorkflowId(workflowId).build());

        assertThat(check.check(new AccountCheckCommand("chk-1", "01", "1234567890", "JOHN SMITH",
                Duration.ofSeconds(30)))).isEqualTo(AccountCheck.NAME_MISMATCH);
    }

    private SettlementWorkflow settlement(String id) {
        workflowId = WorkflowIds.settlement(CLIENT, id);
        return env.getWorkflowClient().newWorkflowStub(SettlementWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.PAYOUTS).setWorkflowId(workflowId).build());
    }

    private SettlementScheduleWorkflow schedule() {
        workflowId = WorkflowIds.settlementSchedule(CLIENT);
        return env.getWorkflowClient().newWorkflowStub(SettlementScheduleWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.PAYOUTS).setWorkflowId(workflowId).build());
    }

    private static RailResult result(String reference, RailResult.State state, String code) {
        return new RailResult(reference, state, code, state == RailResult.State.COMPLETED ? "Success" : "Failed",
                state == RailResult.State.COMPLETED ? "00" : "51", null,
                state == RailResult.State.COMPLETED ? "RCPT123" : null, null, null, null);
    }
}
