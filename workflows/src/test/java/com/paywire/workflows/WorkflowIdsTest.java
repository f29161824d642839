package com.paywire.workflows;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What a workflow id is read back as: the kind, the client it names and the reference after it. */
class WorkflowIdsTest {

    @Test
    void givenAPaymentsWorkflowId_itShouldNameItsKind_itsClient_andTheClientsReference() {
        assertThat(WorkflowIds.named(WorkflowIds.airtime("shop-1", "ocid-7")))
                .isEqualTo(new WorkflowIds.Named("airtime", "shop-1", "ocid-7"));
        assertThat(WorkflowIds.named(WorkflowIds.payoutLine("shop-1", "stan:with:colons")))
                .as("only the first two colons part it")
                .isEqualTo(new WorkflowIds.Named("payout-line", "shop-1", "stan:with:colons"));
        assertThat(WorkflowIds.named(WorkflowIds.latePrompt("shop-1", "d-1")))
                .isEqualTo(new WorkflowIds.Named("late-prompt", "shop-1", "d-1"));
    }

    @Test
    void givenAWorkflowNamedByARailOrABank_itShouldNameNoClient() {
        assertThat(WorkflowIds.named(WorkflowIds.paybillDeposit("RKT1")))
                .isEqualTo(new WorkflowIds.Named("c2b", null, "RKT1"));
        assertThat(WorkflowIds.named(WorkflowIds.bankStatement("0011", "S-1")))
                .isEqualTo(new WorkflowIds.Named("bank-statement", null, "0011:S-1"));
        assertThat(WorkflowIds.named(WorkflowIds.payBack("pb-1")).clientId()).isNull();
    }

    @Test
    void givenAClientsScheduleOrAnIdOfNoShapeOfOurs_itShouldNameWhatItHas() {
        assertThat(WorkflowIds.named(WorkflowIds.settlementSchedule("shop-1")))
                .isEqualTo(new WorkflowIds.Named("settlement-schedule", "shop-1", null));
        assertThat(WorkflowIds.named("ledger-check")).isEqualTo(new WorkflowIds.Named("ledger-check", null, null));
    }
}
