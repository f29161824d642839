package com.paywire.workflows;

import com.paywire.vocabulary.products.Product;
import java.util.Set;

/**
 * Workflow IDs are derived from what the merchant quotes, so an operator can find any payment in the
 * Temporal UI, and a duplicate request cannot start a second workflow. A product's workflows begin with its
 * {@link Product#workflowIdPrefix()}; the late reconciliations, which belong to their payment's product, have
 * prefixes of their own.
 */
public final class WorkflowIds {

    private static final String BANK_STATEMENT = "bank-statement";
    private static final String PAY_BACK = "pay-back";
    private static final String CARD_DISPUTE = "card-dispute";
    /** The workflows named by what a rail or a bank quotes, whatever client they turn out to be for. */
    private static final Set<String> NAMING_NO_CLIENT =
            Set.of(Product.PAYBILL_DEPOSIT.workflowIdPrefix(), BANK_STATEMENT, PAY_BACK, CARD_DISPUTE);

    private WorkflowIds() {
    }

    /**
     * What a workflow id says: its kind (the prefix), the client it names and the rest, the client's own reference
     * (an originatorConversationId, a systemTraceAuditNumber) or Paywire's. A paybill deposit's, a bank statement's
     * and a pay-back's name no client; a settlement schedule's names nothing but its client.
     *
     * @param clientId  null when the id names none
     * @param reference null when the id has nothing after its client
     */
    public record Named(String kind, String clientId, String reference) {
    }

    /** What this workflow id names; an id that is not one of these reads as its whole self, of no client. */
    public static Named named(String workflowId) {
        String[] parts = workflowId.split(":", 2);
        if (parts.length < 2) {
            return new Named(workflowId, null, null);
        }
        if (NAMING_NO_CLIENT.contains(parts[0])) {
            return new Named(parts[0], null, parts[1]);
        }
        String[] rest = parts[1].split(":", 2);
        return new Named(parts[0], rest[0], rest.length < 2 ? null : rest[1]);
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
        return BANK_STATEMENT + ":" + account + ":" + statementId;
    }

    /** Money paid back to a payer (a suspense return, a refund due), named by its pay-back: one per pay-back. */
    public static String payBack(String payBackId) {
        return PAY_BACK + ":" + payBackId;
    }

    /** An operator's reversal of one of the client's payout lines: one per reversal. */
    public static String payoutReversal(String clientId, String reversalId) {
        return "payout-reversal:" + clientId + ":" + reversalId;
    }

    /**
     * A card dispute, named by the processor's id of it: one workflow however often the processor notifies it (a
     * repeat finds it running, or ended, and starts nothing).
     */
    public static String cardDispute(String processorDisputeId) {
        return CARD_DISPUTE + ":" + processorDisputeId;
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
