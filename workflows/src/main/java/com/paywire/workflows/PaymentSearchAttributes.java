package com.paywire.workflows;

import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import io.temporal.common.SearchAttributeKey;
import io.temporal.common.SearchAttributes;
import io.temporal.workflow.Workflow;
import java.util.List;

/**
 * What a payment's workflow is found by in the Temporal UI and CLI, besides its id: the client, the client's own id
 * of the request, the product, the rail and, on the workflows of payments that have one, the status the read model
 * shows. Keyword search attributes, registered at start-up where the server allows it
 * ({@link SearchAttributeRegistration}). Set when the workflow starts; the status is then upserted by the workflow
 * at each real change, from version 1 of {@link #CHANGE_ID} (an upsert is a command, and adds an event).
 */
public final class PaymentSearchAttributes {

    public static final SearchAttributeKey<String> CLIENT_ID = SearchAttributeKey.forKeyword("ClientId");
    /** The client's own id of the request: its originatorConversationId, or what stands for it in its product. */
    public static final SearchAttributeKey<String> ORIGINATOR_CONVERSATION_ID =
            SearchAttributeKey.forKeyword("OriginatorConversationId");
    /** A status's name as the read model keeps it (LineStatus, DepositStatus, CheckoutStatus, ...). */
    public static final SearchAttributeKey<String> PAYMENT_STATUS = SearchAttributeKey.forKeyword("PaymentStatus");
    public static final SearchAttributeKey<String> RAIL = SearchAttributeKey.forKeyword("Rail");
    public static final SearchAttributeKey<String> PRODUCT = SearchAttributeKey.forKeyword("Product");
    public static final List<SearchAttributeKey<String>> KEYS =
            List.of(CLIENT_ID, ORIGINATOR_CONVERSATION_ID, PAYMENT_STATUS, RAIL, PRODUCT);

    /**
     * Version 1: the workflow upserts its PaymentStatus and starts its children with their search attributes;
     * histories recorded before replay without either.
     */
    static final String CHANGE_ID = "payment-search-attributes";

    private PaymentSearchAttributes() {
    }

    /** A workflow of this product, on the product's own rail, without a status. */
    public static SearchAttributes of(Product product, String clientId, String originatorConversationId) {
        return of(product, clientId, originatorConversationId, product.rail().orElse(null), null);
    }

    /** A workflow of this product, on the product's own rail, in this status. */
    public static SearchAttributes of(Product product, String clientId, String originatorConversationId,
                                      Enum<?> status) {
        return of(product, clientId, originatorConversationId, product.rail().orElse(null), status);
    }

    /**
     * @param clientId the client, or null for a payment that names none (a paybill deposit held in suspense)
     * @param rail   the rail, e.g. a payout line's {@code BANK}; null when there is none (yet)
     * @param status the status it starts in, or null for a workflow whose payment has none
     */
    public static SearchAttributes of(Product product, String clientId, String originatorConversationId, Rail rail,
                                      Enum<?> status) {
        SearchAttributes.Builder attributes = SearchAttributes.newBuilder()
                .set(PRODUCT, product.searchValue());
        if (clientId != null) { // a paybill deposit naming no client Paywire knows
            attributes.set(CLIENT_ID, clientId);
        }
        if (originatorConversationId != null) {
            attributes.set(ORIGINATOR_CONVERSATION_ID, originatorConversationId);
        }
        if (rail != null) {
            attributes.set(RAIL, rail.searchName());
        }
        if (status != null) {
            attributes.set(PAYMENT_STATUS, status.name());
        }
        return attributes.build();
    }

    /**
     * Workflow code, called once as the workflow's method begins: whether this run sets search attributes itself
     * (false replaying a history recorded before). Asked there, before any handler has done anything: a version
     * check may let other workflow threads run first in histories recorded by older SDKs, which must not reorder
     * what the workflow does.
     */
    public static boolean setByTheWorkflow() {
        return Workflow.getVersion(CHANGE_ID, Workflow.DEFAULT_VERSION, 1) >= 1;
    }

    /**
     * Workflow code: the payment's status is now {@code to}; upserted when it differs from {@code from} and this
     * run sets search attributes ({@link #setByTheWorkflow()}).
     *
     * @return {@code to}
     */
    public static <S extends Enum<S>> S statusChanged(boolean setByTheWorkflow, S from, S to) {
        if (setByTheWorkflow && to != from) {
            Workflow.upsertTypedSearchAttributes(PAYMENT_STATUS.valueSet(to.name()));
        }
        return to;
    }
}
