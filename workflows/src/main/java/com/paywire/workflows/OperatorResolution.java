package com.paywire.workflows;

import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Functions;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;

/**
 * An operator's word on an airtime top-up or a bill payment whose rail never said what became of it, sent to its
 * workflow as a signal while the workflow still asks the rail. The API has already applied it to the ledger and the
 * read model (in one transaction); the workflow stops asking and closes with it, which finds that work done.
 *
 * @param paymentId Paywire's id of the recipient or the bill payment
 * @param paid      the rail did take the money: the hold is posted; otherwise it is released
 * @param reference the operator's receipt or note, recorded as the payment's receipt when paid
 */
public record OperatorResolution(String paymentId, boolean paid, String reference) {

    /** The description recorded with a payment that operations confirmed as paid or not paid. */
    public String description() {
        return paid ? "Confirmed paid by Paywire operations" : "Confirmed not paid by Paywire operations; the funds were"
                + " released";
    }

    /**
     * Asks the rail through {@code question} until it answers or {@code resolved} holds; an operator's resolution
     * that comes first cancels the question.
     *
     * @return the completed answer (its failure included), or null when the operator resolved the payment first
     */
    public static <T> Promise<T> askUnlessResolved(Functions.Func<Promise<T>> question,
                                                   Functions.Func<Boolean> resolved) {
        List<Promise<T>> asked = new ArrayList<>(1);
        CancellationScope asking = Workflow.newCancellationScope(() -> {
            asked.add(question.apply());
        });
        asking.run();
        Promise<T> answer = asked.getFirst();
        Workflow.await(() -> answer.isCompleted() || resolved.apply());
        if (answer.isCompleted()) {
            return answer;
        }
        asking.cancel();
        return null;
    }
}
