package com.paywire.domain.timeline;

import java.util.List;
import java.util.Map;

/**
 * What each workflow, activity, signal and Update of Paywire's workflows does, in a client's words, by the name
 * Temporal records (an activity's type, a signal's name). A name not listed here reads as itself.
 */
final class StepWords {

    private static final Map<String, String> WORKFLOWS = Map.ofEntries(
            Map.entry("PaymentOrderWorkflow", "the payment order"),
            Map.entry("PaymentOrderLineWorkflow", "the payout line"),
            Map.entry("LatePayoutAnswerWorkflow", "the reconciliation of a payout's late answer"),
            Map.entry("ExpressDepositWorkflow", "the express deposit"),
            Map.entry("LatePromptWorkflow", "the reconciliation of a late phone payment"),
            Map.entry("PaybillDepositWorkflow", "the paybill deposit"),
            Map.entry("CheckoutWorkflow", "the checkout order"),
            Map.entry("CardPaymentWorkflow", "the card payment"),
            Map.entry("DeliveryWorkflow", "the delivery"),
            Map.entry("KycWorkflow", "the KYC request"),
            Map.entry("AccountValidationWorkflow", "the account validation"),
            Map.entry("AirtimePurchaseWorkflow", "the airtime purchase"),
            Map.entry("BillPaymentWorkflow", "the bill payment"),
            Map.entry("BillReminderWorkflow", "the bill's due-date reminder"),
            Map.entry("BankStatementWorkflow", "the bank statement"),
            Map.entry("SettlementWorkflow", "the settlement"),
            Map.entry("SettlementScheduleWorkflow", "the settlement schedule"),
            Map.entry("SettlementAccountCheckWorkflow", "the check of the settlement account"),
            Map.entry("PayBackWorkflow", "the pay-back to the payer"),
            Map.entry("PayoutReversalWorkflow", "the reversal of the payout"),
            Map.entry("DisputeWorkflow", "the card dispute"));

    /**
     * An activity's words: what it does, and for one that answers yes or no, what each answer means (null when
     * the answer needs no words).
     */
    record Activity(String doing, String whenTrue, String whenFalse) {

        Activity(String doing) {
            this(doing, null, null);
        }
    }

    private static final Map<String, Activity> ACTIVITIES = Map.ofEntries(
            // payouts
            Map.entry("ReserveAndClaim", new Activity(
                    "checked the working account for the amount and fee, and claimed the line for sending")),
            Map.entry("ReserveFunds", new Activity("checked the working account for the amount and fee")),
            Map.entry("ClaimForSending", new Activity("claimed the line for sending", null,
                    "the line had been rejected meanwhile")),
            Map.entry("SendPayout", new Activity("sent the payout to the rail")),
            Map.entry("QueryPayoutStatus", new Activity("asked the rail how the payout stands")),
            Map.entry("SettleLine", new Activity("closed the line")),
            Map.entry("CloseAndPublish", new Activity("closed the line and published its outcome to the client")),
            Map.entry("ReconcileLateSuccess", new Activity("booked the rail's success that came after the timeout")),
            Map.entry("KeepHoldUnconfirmed", new Activity(
                    "recorded the line Timed Out, its funds kept held until the rail or an operator says")),
            Map.entry("ReferToOperations", new Activity("referred the line to Paywire operations, its funds held")),
            Map.entry("ReconcileLateAnswer", new Activity("settled the rail's answer that came after the line ended")),
            Map.entry("PublishOutcome", new Activity("published the line's outcome to the client")),
            // express deposits and payment links
            Map.entry("HoldPrompt", new Activity("held the deposit's credit on the rail's settlement until the rail "
                    + "answers", null, "an attempt at a checkout order: the order credits it")),
            Map.entry("SendPrompt", new Activity("sent the payment prompt to the payer's phone")),
            Map.entry("QueryPrompt", new Activity("asked the rail what became of the prompt")),
            Map.entry("RecordPrompt", new Activity("recorded that the rail sent the prompt")),
            Map.entry("SettleDeposit", new Activity("closed the deposit")),
            Map.entry("CloseLateSuccess", new Activity("recorded a payment that came after the prompt window")),
            Map.entry("ReleaseUnconfirmed", new Activity("released the held credit of a prompt the rail said later "
                    + "was not paid")),
            Map.entry("ReferUnconfirmed", new Activity("referred the deposit to Paywire operations, its credit held")),
            // paybill deposits (C2B)
            Map.entry("CreditPaybillDeposit", new Activity("credited the paybill deposit, or held it in suspense")),
            Map.entry("AnnouncePaybillDeposit", new Activity("told the client of the paybill deposit")),
            // cards
            Map.entry("ScreenAuthorisation", new Activity("screened the payment for fraud")),
            Map.entry("Authorise", new Activity("asked the card processor to authorise")),
            Map.entry("Capture", new Activity("asked the card processor to capture")),
            Map.entry("VoidPayment", new Activity("asked the card processor to void the authorisation")),
            Map.entry("Refund", new Activity("asked the card processor to refund")),
            Map.entry("RefundStatus", new Activity("asked the card processor whether the refund settled")),
            Map.entry("SettledRefund", new Activity("waited for the card processor to settle the refund")),
            Map.entry("CreditCapture", new Activity("credited the capture to the client")),
            Map.entry("TakeBackRefund", new Activity("took the refund back from the client's collected funds")),
            Map.entry("GiveBackRefund", new Activity("gave back a refund the card processor did not make")),
            Map.entry("CheckCapture", new Activity("checked the capture against the card's rules")),
            Map.entry("HoldCapture", new Activity("checked the capture and held its credit until the processor answers")),
            Map.entry("HoldCheckoutCapture", new Activity("checked the capture and held it for its order until the processor answers")),
            Map.entry("SettleCapture", new Activity("credited the held capture to the client")),
            Map.entry("ReleaseCapture", new Activity("released the held capture the card processor did not make")),
            Map.entry("HoldRefund", new Activity("held the refund on the client's collected funds until the processor "
                    + "answers")),
            Map.entry("SettleRefund", new Activity("took the held refund from the client's collected funds")),
            Map.entry("ReleaseRefund", new Activity("released the held refund the card processor did not make")),
            Map.entry("RecordAuthorisation", new Activity("recorded the authorisation")),
            Map.entry("RecordOperation", new Activity("recorded the card operation")),
            Map.entry("UpdateStatus", new Activity("recorded the card transaction's new status")),
            Map.entry("ReferToOperators", new Activity("referred the card operation to operators: the processor never answered")),
            // checkout
            Map.entry("RecordCheckoutStatus", new Activity("recorded the order's status")),
            Map.entry("ChargeCard", new Activity("charged the payer's card")),
            Map.entry("OpenCardAttempt", new Activity("opened a card attempt")),
            Map.entry("OpenMobileMoneyAttempt", new Activity("opened a phone payment attempt")),
            Map.entry("MobileMoneyOutcome", new Activity("read the phone payment's outcome")),
            Map.entry("CompleteCheckout", new Activity("completed the order and credited the client")),
            Map.entry("OweBackLatePayment", new Activity("recorded a late payment as owed back to the payer")),
            Map.entry("OweBackLateCardPayment", new Activity("recorded a card payment the order could not take as owed "
                    + "back to the payer")),
            // KYC and account validation
            Map.entry("Verify", new Activity("asked the national identity registry")),
            Map.entry("CloseKycRequest", new Activity("recorded the verdict and called the client back")),
            Map.entry("EraseKycRequestPersonalData", new Activity("erased the request's personal data")),
            Map.entry("LookUp", new Activity("asked the institution who holds the account")),
            Map.entry("CloseAccountValidation", new Activity("recorded the answer and called the client back")),
            Map.entry("EraseAccountValidationPersonalData", new Activity("erased the request's personal data")),
            // airtime
            Map.entry("ReserveAirtime", new Activity("held the top-up's amount and fee", null,
                    "too little in the working account")),
            Map.entry("TopUpAirtime", new Activity("asked the network to top up the number")),
            Map.entry("QueryAirtimeTopUp", new Activity("asked the network what became of the top-up")),
            Map.entry("RecordAirtimeUnconfirmed", new Activity("recorded the top-up as pending confirmation")),
            Map.entry("CloseAirtimeRecipient", new Activity("closed the top-up")),
            Map.entry("FinishAirtimePurchase", new Activity("recorded the purchase's outcome and called the client back")),
            // bills
            Map.entry("ValidateBillAccount", new Activity("asked the biller about the account", "the biller knows it",
                    "the biller does not know it")),
            Map.entry("ReserveBillPayment", new Activity("held the amount and fee", null,
                    "too little in the working account")),
            Map.entry("MarkBillPaymentProcessing", new Activity("marked the payment processing")),
            Map.entry("PayBill", new Activity("asked the biller to take the payment")),
            Map.entry("ConfirmBillPayment", new Activity("asked the biller to confirm the payment")),
            Map.entry("RecordBillPaymentUnconfirmed", new Activity("recorded the payment as pending confirmation")),
            Map.entry("CloseBillPayment", new Activity("closed the payment")),
            Map.entry("ReadBillReminder", new Activity("read the bill's due date")),
            Map.entry("SendBillReminder", new Activity("reminded the client of the due date")),
            Map.entry("RefreshBillFromBiller", new Activity("asked the biller for the next bill")),
            // funding from the bank's statement
            Map.entry("ApplyBankEntry", new Activity(
                    "credited the bank entry to the client it names, or held it in funding suspense, once")),
            // settlements
            Map.entry("CheckSettlementAccount", new Activity(
                    "asked the bank who holds the settlement account, and compared the name")),
            Map.entry("HoldSettlement", new Activity("held the settlement's amount and fee on the utility account")),
            Map.entry("KeepHeldUnconfirmed", new Activity(
                    "recorded the settlement unconfirmed, its money kept held until the bank or an operator says")),
            Map.entry("ReferSettlement", new Activity("referred the settlement to Paywire operations, its money held")),
            Map.entry("CloseSettlement", new Activity("closed the settlement with the bank's answer")),
            Map.entry("FailSettlement", new Activity("failed the settlement, its money back on the utility account")),
            Map.entry("SettlementPlan", new Activity("read the client's settlement schedule")),
            Map.entry("SettleAtCutOff", new Activity("settled the available collections at the cut-off")),
            // pay-backs: suspense returns and refunds due
            Map.entry("HoldPayBack", new Activity("held the money to pay back until the rail answers")),
            Map.entry("AskToPayBack", new Activity("asked the rail to pay the payer back")),
            Map.entry("PayBackStatus", new Activity("asked the rail how the pay-back stands")),
            Map.entry("ClosePayBack", new Activity("closed the pay-back with the rail's answer")),
            Map.entry("KeepPayBackHeld", new Activity(
                    "recorded the pay-back still unanswered, its money kept held until the rail says")),
            // payout reversals
            Map.entry("HoldReversal", new Activity(
                    "held the payout's amount for the working account until the rail answers")),
            Map.entry("AskToReverse", new Activity("asked the rail to take the payout back from the wallet")),
            Map.entry("ReversalStatus", new Activity("asked the rail how the reversal stands")),
            Map.entry("CloseReversal", new Activity("closed the reversal with the rail's answer")),
            Map.entry("KeepReversalHeld", new Activity(
                    "recorded the reversal still unanswered, its money kept held until the rail says")),
            // card disputes
            Map.entry("OpenDispute", new Activity("debited the disputed amount and the dispute fee")),
            Map.entry("EvidenceSent", new Activity("recorded the evidence sent to the card processor")),
            Map.entry("Decide", new Activity("recorded the dispute's decision (a win credits the amount back)")),
            Map.entry("SubmitEvidence", new Activity("sent the evidence to the card processor")),
            Map.entry("AcceptDispute", new Activity("told the card processor the dispute is accepted")),
            Map.entry("DecisionOf", new Activity("asked the card processor whether it has decided the dispute")),
            // notifications
            Map.entry("Publish", new Activity("published an event to the client")),
            Map.entry("Attempt", new Activity("tried to deliver the event")),
            Map.entry("Finish", new Activity("recorded how the delivery ended")),
            Map.entry("IsSettled", new Activity("looked whether the payment's earlier delivery has settled",
                    "it has", "not yet")),
            Map.entry("SuccessorOf", new Activity("looked for the next delivery waiting for this one")));

    private static final Map<String, String> SIGNALS = Map.ofEntries(
            Map.entry("railResult", "rail called back"),
            Map.entry("promptResult", "rail called back"),
            Map.entry("lineSettled", "a line of the order settled"),
            Map.entry("predecessorSettled", "the payment's earlier delivery to this target settled"),
            Map.entry("payByCard", "the payer chose to pay by card"),
            Map.entry("payByMobileMoney", "the payer chose to pay by phone"),
            Map.entry("mobileMoneyPaidLate", "a phone payment came after its attempt had ended"),
            Map.entry("cardAttemptEnded", "the card attempt ended"),
            Map.entry("cancel", "the payer cancelled"),
            Map.entry("abandon", "the checkout gave up on this card attempt"),
            Map.entry("resolve", "an operator resolved the payment"),
            Map.entry("stop", "the reminder was turned off"),
            Map.entry("payBackRailAnswer", "rail called back"),
            Map.entry("payoutReversalRailAnswer", "rail called back"),
            Map.entry("instructionsChanged", "the client changed its settlement instructions"),
            Map.entry("disputeDecision", "the card processor decided the dispute"));

    private static final Map<String, String> UPDATES = Map.of(
            "authorisation", "the authorise request got its answer",
            "capture", "the client asked to capture",
            "voidAuthorisation", "the client asked to void the authorisation",
            "refund", "the client asked to refund",
            "resolveReferred", "an operator said what the processor did",
            "submitDisputeEvidence", "the client sent evidence on the dispute",
            "acceptDispute", "the client accepted the dispute");

    private StepWords() {
    }

    /** "the payout line"; an unknown type as its name. */
    static String workflow(String type) {
        return WORKFLOWS.getOrDefault(type, type);
    }

    /**
     * What an activity did and, from its result (or, when that says nothing, its inputs), how it ended:
     * "sent the payout to the rail: accepted (0: Accepted)".
     */
    static String activity(String type, Object result, List<Object> inputs) {
        Activity words = ACTIVITIES.getOrDefault(type, new Activity("ran " + type));
        String outcome = result instanceof Boolean answer ? (answer ? words.whenTrue() : words.whenFalse())
                : OutcomeWords.of(result);
        if (outcome == null || outcome.isEmpty()) {
            outcome = result instanceof Boolean ? "" : OutcomeWords.ofFirstTelling(inputs);
        }
        return withOutcome(words.doing(), outcome);
    }

    /** An activity not ended yet: what it does. */
    static String activity(String type) {
        return ACTIVITIES.getOrDefault(type, new Activity("ran " + type)).doing();
    }

    /** "rail called back: paid (0: Processed)". */
    static String signal(String name, List<Object> inputs) {
        String words = SIGNALS.getOrDefault(name, "received signal " + name);
        return withOutcome(words, OutcomeWords.ofFirstTelling(inputs));
    }

    /** "the client asked to capture: captured 100.00 USD". */
    static String update(String name, Object result) {
        return withOutcome(UPDATES.getOrDefault(name, "received Update " + name), OutcomeWords.of(result));
    }

    /** Names the workflows, activities, signals and Updates with words of their own (for a test). */
    static boolean knows(String name) {
        return WORKFLOWS.containsKey(name) || ACTIVITIES.containsKey(name) || SIGNALS.containsKey(name)
                || UPDATES.containsKey(name);
    }

    private static String withOutcome(String words, String outcome) {
        return outcome == null || outcome.isEmpty() ? words : words + ": " + outcome;
    }
}
