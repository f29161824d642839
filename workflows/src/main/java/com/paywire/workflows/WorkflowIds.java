package com.paywire.workflows;

import com.paywire.vocabulary.products.Product;

/**
 * Workflow IDs are derived from what the merchant quotes, so an operator can find any payment in the
 * Temporal UI, and a duplicate request cannot start a second workflow. A product's workflows begin with its
 * {@link Product#workflowIdPrefix()}; the late reconciliations, which belong to their payment's product, have
 * prefixes of their own.
 */
public final class WorkflowIds {

    private WorkflowIds() {
    }

    /** A product's workflow: its prefix, then the parts that name it, each after a colon. */
    private static String id(Product product, String... names) {
        return product.workflowIdPrefix() + ":" + String.join(":", names);
    }

    public static String paymentOrder(String clientId, String originatorConversationId) {
        return id(Product.PAYMENT_ORDER, clientId, originatorConversationId);
    }

    public static String expressDeposit(String clientId, String originatorConversationId) {
        return id(Product.PHONE_PROMPT, clientId, originatorConversationId);
    }

    /** The reconciliation of a phone prompt's success that came after its deposit's workflow had ended. */
    public static String latePrompt(String clientId, String depositId) {
        return "late-prompt:" + clientId + ":" + depositId;
    }

    /**
     * The release of a phone prompt's held credit on the rail's definite failure, which came after its deposit's
     * workflow had ended with the outcome unknown: apart from {@link #latePrompt}, so that a success after it is
     * still reconciled.
     */
    public static String latePromptFailure(String clientId, String depositId) {
        return "late-prompt-failure:" + clientId + ":" + depositId;
    }

    /** A paybill deposit (C2B), named by the rail's receipt: one however often the rail confirms it. */
    public static String paybillDeposit(String receiptNumber) {
        return id(Product.PAYBILL_DEPOSIT, receiptNumber);
    }

    /**
     * A statement of the platform's bank account, named by its account and the bank's id of it: one run at a time
     * however often it is posted.
     */
    public static String bankStatement(String account, String statementId) {
        return "bank-statement:" + account + ":" + statementId;
    }

    /** Money paid back to a payer (a suspense return, a refund due), named by its pay-back: one per pay-back. */
    public static String payBack(String payBackId) {
        return "pay-back:" + payBackId;
    }

    public static String checkout(String clientId, String originatorConversationId) {
        return id(Product.CHECKOUT, clientId, originatorConversationId);
    }

    public static String cardPayment(String clientId, String authorisationId) {
        return id(Product.CARD, clientId, authorisationId);
    }

    public static String delivery(String clientId, String deliveryId) {
        return id(Product.WEBHOOK, clientId, deliveryId);
    }

    public static String payoutLine(String clientId, String systemTraceAuditNumber) {
        return id(Product.PAYOUT, clientId, systemTraceAuditNumber);
    }

    /**
     * The reconciliation of a payout rail's answer that came after the line's workflow ended: one per line, named by
     * its reference, however often the rail repeats the answer.
     */
    public static String latePayoutAnswer(String clientId, String reference) {
        return "late-payout-answer:" + clientId + ":" + reference;
    }

    public static String kyc(String clientId, String systemTraceAuditNumber) {
        return id(Product.KYC, clientId, systemTraceAuditNumber);
    }

    public static String accountValidation(String clientId, String systemTraceAuditNumber) {
        return id(Product.ACCOUNT_VALIDATION, clientId, systemTraceAuditNumber);
    }

    public static String airtime(String clientId, String originatorConversationId) {
        return id(Product.AIRTIME, clientId, originatorConversationId);
    }

    public static String billPayment(String clientId, String originatorConversationId) {
        return id(Product.BILL, clientId, originatorConversationId);
    }

    public static String billReminder(String clientId, String billNumberId) {
        return id(Product.BILL_REMINDER, clientId, billNumberId);
    }

    /** One settlement of a client's collections to its bank account, named by Paywire's id of it. */
    public static String settlement(String clientId, String settlementId) {
        return id(Product.SETTLEMENT, clientId, settlementId);
    }

    /** A client's settlement schedule: one workflow per client, continued as new after each cut-off. */
    public static String settlementSchedule(String clientId) {
        return "settlement-schedule:" + clientId;
    }

    /** The check of a bank account new settlement instructions name, one per change asked. */
    public static String settlementAccountCheck(String clientId, String checkId) {
        return "settlement-account-check:" + clientId + ":" + checkId;
    }
}
