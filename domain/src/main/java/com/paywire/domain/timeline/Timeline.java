package com.paywire.domain.timeline;

import com.paywire.vocabulary.products.Product;
import java.util.List;

/**
 * A payment's steps in time order, from its workflows' histories, its ledger transfers and its notifications.
 *
 * @param product         what kind of payment it is ({@link Product#timelineName()})
 * @param clientReference the client's own id of it (none for a payment link: null)
 * @param paywireId       Paywire's id of it
 * @param workflowIds     the workflows read, parents before children
 * @param notes           what could not be read, in words (a workflow Temporal no longer has, Temporal away)
 */
public record Timeline(String product, String clientId, String clientReference, String paywireId,
                       List<String> workflowIds, List<TimelineStep> steps, List<String> notes) {
}
