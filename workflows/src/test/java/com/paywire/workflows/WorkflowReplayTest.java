package com.paywire.workflows;

import com.paywire.workflows.accountvalidation.AccountValidationWorkflowImpl;
import com.paywire.workflows.airtime.AirtimePurchaseWorkflowImpl;
import com.paywire.workflows.bills.BillPaymentWorkflowImpl;
import com.paywire.workflows.bills.BillReminderWorkflowImpl;
import com.paywire.workflows.cards.CardPaymentWorkflowImpl;
import com.paywire.workflows.checkout.CheckoutWorkflowImpl;
import com.paywire.workflows.collections.ExpressDepositWorkflowImpl;
import com.paywire.workflows.collections.LatePromptWorkflowImpl;
import com.paywire.workflows.collections.PaybillDepositWorkflowImpl;
import com.paywire.workflows.disputes.DisputeWorkflowImpl;
import com.paywire.workflows.funding.BankStatementWorkflowImpl;
import com.paywire.workflows.kyc.KycWorkflowImpl;
import com.paywire.workflows.notifications.DeliveryWorkflowImpl;
import com.paywire.workflows.paybacks.PayBackWorkflowImpl;
import com.paywire.workflows.payouts.LatePayoutAnswerWorkflowImpl;
import com.paywire.workflows.payouts.PaymentOrderLineWorkflowImpl;
import com.paywire.workflows.payouts.PaymentOrderWorkflowImpl;
import com.paywire.workflows.payouts.reversals.PayoutReversalWorkflowImpl;
import com.paywire.workflows.settlements.SettlementAccountCheckWorkflowImpl;
import com.paywire.workflows.settlements.SettlementScheduleWorkflowImpl;
import com.paywire.workflows.settlements.SettlementWorkflowImpl;
import com.paywire.workflows.payloads.PayloadEncryption;
import com.paywire.workflows.payloads.PayloadKeys;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replays recorded histories of every workflow against today's code, through the payload codec as a worker reads
 * them (the histories are kept unencrypted): a change that would make running workflows non-deterministic fails
 * here, not in production. The histories are recorded by the tests that
 * run the workflows (PayoutLifecycleTest, PayoutFailuresTest and UnknownOutcomeTest in activities; DeliveryWorkflowTest,
 * CheckoutWorkflowTest, LatePromptWorkflowTest, KycWorkflowTest, AccountValidationWorkflowTest,
 * AirtimePurchaseWorkflowTest, BillPaymentWorkflowTest and the settlements' SettlementWorkflowsTest, BankStatementWorkflowTest, PayBackWorkflowTest, PayoutReversalWorkflowTest and DisputeWorkflowTest here; ExpressDepositSystemTest, CardPaymentsSystemTest,
 * CardSafeguardsSystemTest, CardLedgerSystemTest and CardDisputesSystemTest in infra) with
 * -Dpaywire.recordHistories=&lt;this folder&gt;; record new ones for new paths, and keep the old ones: a change
 * meant to be incompatible must be versioned (Workflow.getVersion), not re-recorded.
 */
class WorkflowReplayTest {

    private static final Path HISTORIES = Path.of("src/test/resources/histories");
    private static final PayloadEncryption CODEC = new PayloadEncryption(
            PayloadKeys.parse("replay", "replay=cmVwbGF5LW9mLXJlY29yZGVkLWhpc3Rvcmllcy0zMiE="));

    static Stream<Path> histories() throws IOException {
        List<Path> files;
        try (Stream<Path> listing = Files.list(HISTORIES)) {
            files = listing.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        if (files.isEmpty()) {
            throw new IllegalStateException("no recorded histories under " + HISTORIES.toAbsolutePath());
        }
        return files.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("histories")
    void givenARecordedHistory_whenReplayedOnTodaysCode_itShouldBeDeterministic(Path history) throws Exception {
        String name = history.getFileName().toString();
        Class<?> workflow = name.startsWith("payment-order-") ? PaymentOrderWorkflowImpl.class
                : name.startsWith("payout-line-") ? PaymentOrderLineWorkflowImpl.class
                : name.startsWith("delivery-") ? DeliveryWorkflowImpl.class
                : name.startsWith("express-deposit-") ? ExpressDepositWorkflowImpl.class
                : name.startsWith("card-payment-") ? CardPaymentWorkflowImpl.class
                : name.startsWith("checkout-") ? CheckoutWorkflowImpl.class
                : name.startsWith("late-prompt-") ? LatePromptWorkflowImpl.class
                : name.startsWith("late-payout-answer-") ? LatePayoutAnswerWorkflowImpl.class
                : name.startsWith("kyc-") ? KycWorkflowImpl.class
                : name.startsWith("account-validation-") ? AccountValidationWorkflowImpl.class
                : name.startsWith("airtime-") ? AirtimePurchaseWorkflowImpl.class
                : name.startsWith("bill-payment-") ? BillPaymentWorkflowImpl.class
                : name.startsWith("bill-reminder-") ? BillReminderWorkflowImpl.class
                : name.startsWith("paybill-deposit-") ? PaybillDepositWorkflowImpl.class
                : name.startsWith("bank-statement-") ? BankStatementWorkflowImpl.class
                : name.startsWith("settlement-schedule-") ? SettlementScheduleWorkflowImpl.class
                : name.startsWith("settlement-account-check-") ? SettlementAccountCheckWorkflowImpl.class
                : name.startsWith("settlement-") ? SettlementWorkflowImpl.class
                : name.startsWith("pay-back-") ? PayBackWorkflowImpl.class
                : name.startsWith("payout-reversal-") ? PayoutReversalWorkflowImpl.class
                : name.startsWith("card-dispute-") ? DisputeWorkflowImpl.class
                : null;
        if (workflow == null) {
            throw new IllegalStateException("no workflow type known for history " + name);
        }
        // through the codec every client and worker uses: a history recorded before encryption is read as it is
        try (TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(TemporalConnection.clientOptions("default", CODEC)).build())) {
            WorkflowReplayer.replayWorkflowExecution(WorkflowExecutionHistory.fromJson(Files.readString(history)),
                    env, workflow);
        }
    }
}
