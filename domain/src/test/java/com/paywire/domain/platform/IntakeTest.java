package com.paywire.domain.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;

import com.paywire.domain.InvalidInputException;
import io.temporal.client.WorkflowClient;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DuplicateKeyException;

/** The record every intake class shares, and the duplicate messages clients have always read, word for word. */
class IntakeTest {

    private final WorkflowClient temporal = mock(WorkflowClient.class);
    private final Clock clock = Clock.systemUTC();

    @Test
    void eachProductsDuplicateMessage_shouldReadAsItAlwaysHas() {
        assertThat(refusal(new Intake("payment order", "order", "originatorConversationId",
                InvalidInputException::of, temporal, clock), "oc-1"))
                .isEqualTo("The originatorConversationId 'oc-1' is a duplicate: it was used for an earlier order.");
        assertThat(Intake.duplicateMessage("systemTraceAuditNumber", "s-1", "line"))
                .isEqualTo("The systemTraceAuditNumber 's-1' is a duplicate: it was used for an earlier line.");
        assertThat(refusal(new Intake("express deposit", "deposit", "OriginatorConversationId",
                InvalidInputException::of, temporal, clock), "oc-2"))
                .isEqualTo("The OriginatorConversationId 'oc-2' is a duplicate: it was used for an earlier deposit.");
        assertThat(refusal(new Intake("checkout order", "originatorConversationId", InvalidInputException::of,
                temporal, clock), "oc-3"))
                .isEqualTo("The originatorConversationId 'oc-3' is a duplicate: it was used for an earlier checkout "
                        + "order.");
        assertThat(refusal(new Intake("KYC request", "systemTraceAuditNumber",
                (stan, field, message) -> InvalidInputException.of(null, field, message), temporal, clock), "s-2"))
                .isEqualTo("The systemTraceAuditNumber 's-2' is a duplicate: it was used for an earlier KYC request.");
        assertThat(refusal(new Intake("account validation", "systemTraceAuditNumber",
                (stan, field, message) -> new IllegalArgumentException(message), temporal, clock), "s-3"))
                .isEqualTo("The systemTraceAuditNumber 's-3' is a duplicate: it was used for an earlier account "
                        + "validation.");
        assertThat(refusal(new Intake("airtime purchase", "originatorConversationId", InvalidInputException::of,
                temporal, clock), "oc-4"))
                .isEqualTo("The originatorConversationId 'oc-4' is a duplicate: it was used for an earlier airtime "
                        + "purchase.");
        assertThat(refusal(new Intake("bill payment", "originatorConversationId", InvalidInputException::of,
                temporal, clock), "oc-5"))
                .isEqualTo("The originatorConversationId 'oc-5' is a duplicate: it was used for an earlier bill "
                        + "payment.");
    }

    @Test
    void aReusedId_shouldBeRefusedInTheProductsOwnWay_namingItsField() {
        Intake intake = new Intake("bill payment", "originatorConversationId", InvalidInputException::of, temporal,
                clock);

        assertThatThrownBy(() -> intake.record("oc-1", () -> {
            throw new DuplicateKeyException("bill_payments_client_id_originator_conversation_id_key");
        })).isInstanceOfSatisfying(InvalidInputException.class, refused -> {
            assertThat(refused.reference()).isEqualTo("oc-1");
            assertThat(refused.problems()).singleElement()
                    .satisfies(problem -> assertThat(problem.field()).isEqualTo("originatorConversationId"));
        });
    }

    @Test
    void aNewId_shouldBeRecordedOnce_andAnyOtherFailureLeftAsItIs() {
        Intake intake = new Intake("bill payment", "originatorConversationId", InvalidInputException::of, temporal,
                clock);
        List<String> inserted = new ArrayList<>();

        intake.record("oc-1", () -> inserted.add("oc-1"));

        assertThat(inserted).containsExactly("oc-1");
        assertThatThrownBy(() -> intake.record("oc-2", () -> {
            throw new IllegalStateException("the database is away");
        })).isInstanceOf(IllegalStateException.class);
    }

    /** What the product's refusal of a reused id says. */
    private static String refusal(Intake intake, String id) {
        RuntimeException refusal = intake.duplicate(id);
        return refusal instanceof InvalidInputException invalid ? invalid.problems().getFirst().message()
                : refusal.getMessage();
    }
}
