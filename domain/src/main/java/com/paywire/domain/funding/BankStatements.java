package com.paywire.domain.funding;

import com.paywire.vocabulary.funding.BankStatement;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.funding.BankStatementOutcome;
import com.paywire.workflows.funding.BankStatementWorkflow;
import io.temporal.api.enums.v1.WorkflowIdReusePolicy;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * An operator posts the platform bank's statement: it is read (camt.053 or MT940), handed to its own workflow under
 * the statement's identity, and answered with what became of each entry once the workflow has applied them (within
 * {@code paywire.funding.statement-wait}). Posting a statement that is being applied waits for that run's answer;
 * posting it after runs it again, which finds every entry it moved already processed.
 */
@Service
public class BankStatements {

    private static final Logger log = LoggerFactory.getLogger(BankStatements.class);

    /** The formats a statement is posted in, by its content type. */
    public enum Format { CAMT_053, MT940 }

    private final WorkflowClient temporal;
    private final FundingProperties properties;

    public BankStatements(WorkflowClient temporal, FundingProperties properties) {
        this.temporal = temporal;
        this.properties = properties;
    }

    /** Reads the statement; an unreadable one is an {@link com.paywire.domain.InvalidInputException}. */
    public static BankStatement read(byte[] body, Format format) {
        String text = new String(body, StandardCharsets.UTF_8);
        if (text.indexOf('\u0000') >= 0) {
            throw com.paywire.domain.InvalidInputException.of(null, "statement",
                    "The statement holds a NUL character, which no statement has.");
        }
        return format == Format.CAMT_053 ? BankStatementParser.camt053(text) : BankStatementParser.mt940(text);
    }

    /**
     * Reads, applies and answers the statement: empty when its workflow has not finished within the wait (it goes
     * on; posting the statement again answers once it has).
     */
    public Optional<BankStatementOutcome> post(byte[] body, Format format, String operatorId) {
        BankStatement statement = read(body, format);
        String workflowId = WorkflowIds.bankStatement(statement.account(), statement.statementId());
        BankStatementWorkflow workflow = temporal.newWorkflowStub(BankStatementWorkflow.class,
                WorkflowOptions.newBuilder()
                        .setWorkflowId(workflowId)
                        .setTaskQueue(TaskQueues.COLLECTIONS)
                        // a statement posted again after its run ended runs again: its entries answer ALREADY_PROCESSED
                        .setWorkflowIdReusePolicy(WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE)
                        .setMemo(Map.of("summary", "Bank statement " + statement.statementId() + " of "
                                + statement.account() + " (" + statement.format() + ", "
                                + statement.entries().size() + " entries), posted by " + operatorId))
                        .build());
        WorkflowStub stub;
        try {
            WorkflowClient.start(workflow::apply, statement);
            stub = WorkflowStub.fromTyped(workflow);
            log.info("Bank statement {} of {} ({} entries) posted by {}", statement.statementId(),
                    statement.account(), statement.entries().size(), operatorId);
        } catch (WorkflowExecutionAlreadyStarted running) {
            log.info("Bank statement {} of {} posted by {} while it is being applied: waiting for that run",
                    statement.statementId(), statement.account(), operatorId);
            stub = temporal.newUntypedWorkflowStub(workflowId);
        }
        try {
            return Optional.of(stub.getResult(properties.statementWait().toMillis(), TimeUnit.MILLISECONDS,
                    BankStatementOutcome.class));
        } catch (TimeoutException stillApplying) {
            return Optional.empty();
        }
    }
}
