package com.paywire.domain.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.RETURNS_DEEP_STUBS;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.PaymentSearchAttributes;
import io.temporal.api.enums.v1.WorkflowIdReusePolicy;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.common.SearchAttributes;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The sweep and the workflow options every intake class starts its requests with. */
class OutboxTest {

    private static final Instant NOW = Instant.parse("2026-03-04T05:06:07Z");

    private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    private final WorkflowClient temporal = mock(WorkflowClient.class, RETURNS_DEEP_STUBS);
    private final List<String> asked = new ArrayList<>();
    private final List<String> started = new ArrayList<>();

    @Test
    void theSweepTakesABatchOfThoseAcceptedBeforeTheGraceAndStartsThemInOrder() {
        Outbox.sweep(temporal, clock, "tests", this::unstarted, request -> started.add(request));

        assertThat(asked).containsExactly(OffsetDateTime.ofInstant(NOW.minusSeconds(10), ZoneOffset.UTC) + " 100");
        assertThat(started).containsExactly("first", "second", "third");
    }

    @Test
    void theSweepStopsAtTheFirstStartTemporalRefuses() {
        Outbox.sweep(temporal, clock, "tests", this::unstarted, request -> started.add(request) && !"second".equals(request));

        assertThat(started).containsExactly("first", "second");
    }

    @Test
    void nothingUnstartedLeavesTemporalAlone() {
        Outbox.sweep(temporal, clock, "tests", (before, limit) -> List.<String>of(), started::add);

        assertThat(started).isEmpty();
        verify(temporal, never()).getWorkflowServiceStubs();
    }

    @Test
    void aRequestsWorkflowRunsOnceUnderItsIdWithItsSummary() {
        SearchAttributes searchable =
                PaymentSearchAttributes.of(Product.KYC, "client-1", "stan-1");
        WorkflowOptions options = Outbox.options("kyc-1", "platform", "KYC check of national ID ***89", searchable);

        assertThat(options.getWorkflowId()).isEqualTo("kyc-1");
        assertThat(options.getTaskQueue()).isEqualTo("platform");
        assertThat(options.getWorkflowIdReusePolicy())
                .isEqualTo(WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE);
        assertThat(options.getMemo()).isEqualTo(Map.of("summary", "KYC check of national ID ***89"));
        assertThat(options.getTypedSearchAttributes()).isSameAs(searchable);
    }

    private List<String> unstarted(OffsetDateTime acceptedBefore, int limit) {
        asked.add(acceptedBefore + " " + limit);
        return List.of("first", "second", "third");
    }
}
