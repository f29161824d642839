package com.paywire.worker;

import com.paywire.activities.accountvalidation.AccountValidationActivitiesImpl;
import com.paywire.activities.airtime.AirtimeActivitiesImpl;
import com.paywire.activities.bills.BillPaymentActivitiesImpl;
import com.paywire.activities.bills.BillReminderActivitiesImpl;
import com.paywire.activities.cards.CardLedgerActivitiesImpl;
import com.paywire.activities.cards.CardRecordActivitiesImpl;
import com.paywire.activities.cards.FraudScreenActivitiesImpl;
import com.paywire.activities.checkout.CheckoutActivitiesImpl;
import com.paywire.activities.disputes.DisputeActivitiesImpl;
import com.paywire.activities.disputes.DisputeProcessorActivitiesImpl;
import com.paywire.activities.collections.DepositActivitiesImpl;
import com.paywire.activities.collections.paybill.PaybillDepositActivitiesImpl;
import com.paywire.activities.funding.BankStatementActivitiesImpl;
import com.paywire.activities.kyc.KycActivitiesImpl;
import com.paywire.activities.notifications.NotificationActivitiesImpl;
import com.paywire.activities.paybacks.PayBackActivitiesImpl;
import com.paywire.activities.paybacks.PayBackRailActivitiesImpl;
import com.paywire.activities.payouts.reversals.PayoutReversalActivitiesImpl;
import com.paywire.activities.payouts.reversals.PayoutReversalRailActivitiesImpl;
import com.paywire.activities.payouts.PayoutActivitiesImpl;
import com.paywire.activities.rails.AccountLookupActivitiesImpl;
import com.paywire.activities.rails.AirtimeRailActivitiesImpl;
import com.paywire.activities.rails.BillerActivitiesImpl;
import com.paywire.activities.rails.CardProcessorActivitiesImpl;
import com.paywire.activities.rails.IdentityRegistryActivitiesImpl;
import com.paywire.activities.rails.PayoutRailActivitiesImpl;
import com.paywire.activities.rails.StkPushRailActivitiesImpl;
import com.paywire.activities.settlements.AccountCheckActivitiesImpl;
import com.paywire.activities.settlements.SettlementActivitiesImpl;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.accountvalidation.AccountValidationWorkflowImpl;
import com.paywire.workflows.airtime.AirtimePurchaseWorkflowImpl;
import com.paywire.workflows.bills.BillPaymentWorkflowImpl;
import com.paywire.workflows.bills.BillReminderWorkflowImpl;
import com.paywire.workflows.cards.CardPaymentWorkflowImpl;
import com.paywire.workflows.checkout.CheckoutWorkflowImpl;
import com.paywire.workflows.collections.ExpressDepositWorkflowImpl;
import com.paywire.workflows.collections.LatePromptWorkflowImpl;
import com.paywire.workflows.collections.PaybillDepositWorkflowImpl;
import com.paywire.workflows.disputes.DisputeWorkflowImpl;
import com.paywire.workflows.funding.BankStatementWorkflowImpl;
import com.paywire.workflows.paybacks.PayBackWorkflowImpl;
import com.paywire.workflows.kyc.KycWorkflowImpl;
import com.paywire.workflows.notifications.DeliveryWorkflowImpl;
import com.paywire.workflows.payouts.LatePayoutAnswerWorkflowImpl;
import com.paywire.workflows.payouts.PaymentOrderLineWorkflowImpl;
import com.paywire.workflows.payouts.PaymentOrderWorkflowImpl;
import com.paywire.workflows.payouts.reversals.PayoutReversalWorkflowImpl;
import com.paywire.workflows.settlements.SettlementAccountCheckWorkflowImpl;
import com.paywire.workflows.settlements.SettlementScheduleWorkflowImpl;
import com.paywire.workflows.settlements.SettlementWorkflowImpl;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What runs on each task queue. A new capability adds its registration here. */
@Configuration(proxyBeanMethods = false)
public class Registrations {

    @Bean
    TaskQueueRegistration cards(CardRecordActivitiesImpl cardRecords, CardProcessorActivitiesImpl cardProcessor,
                                FraudScreenActivitiesImpl fraudScreen, CardLedgerActivitiesImpl cardLedger,
                                DisputeActivitiesImpl disputes, DisputeProcessorActivitiesImpl disputeProcessor) {
        return new TaskQueueRegistration(TaskQueues.CARDS,
                List.of(CardPaymentWorkflowImpl.class, DisputeWorkflowImpl.class),
                List.of(cardRecords, cardProcessor, fraudScreen, cardLedger, disputes, disputeProcessor));
    }

    @Bean
    TaskQueueRegistration collections(DepositActivitiesImpl depositActivities, StkPushRailActivitiesImpl stkPush,
                                      CheckoutActivitiesImpl checkoutActivities,
                                      PaybillDepositActivitiesImpl paybillDeposits,
                                      BankStatementActivitiesImpl bankStatements,
                                      PayBackActivitiesImpl payBacks, PayBackRailActivitiesImpl payBackRails) {
        return new TaskQueueRegistration(TaskQueues.COLLECTIONS,
                List.of(ExpressDepositWorkflowImpl.class, LatePromptWorkflowImpl.class, CheckoutWorkflowImpl.class,
                        PaybillDepositWorkflowImpl.class, BankStatementWorkflowImpl.class, PayBackWorkflowImpl.class),
                List.of(depositActivities, stkPush, checkoutActivities, paybillDeposits, bankStatements, payBacks,
                        payBackRails));
    }

    @Bean
    TaskQueueRegistration notifications(NotificationActivitiesImpl notificationActivities) {
        return new TaskQueueRegistration(TaskQueues.NOTIFICATIONS, List.of(DeliveryWorkflowImpl.class),
                List.of(notificationActivities));
    }

    @Bean
    TaskQueueRegistration payouts(PayoutActivitiesImpl payoutActivities, PayoutRailActivitiesImpl railActivities,
                                  SettlementActivitiesImpl settlementActivities,
                                  AccountCheckActivitiesImpl accountChecks,
                                  PayoutReversalActivitiesImpl payoutReversals,
                                  PayoutReversalRailActivitiesImpl payoutReversalRail) {
        return new TaskQueueRegistration(TaskQueues.PAYOUTS,
                List.of(PaymentOrderWorkflowImpl.class, PaymentOrderLineWorkflowImpl.class,
                        LatePayoutAnswerWorkflowImpl.class, SettlementWorkflowImpl.class,
                        SettlementScheduleWorkflowImpl.class, SettlementAccountCheckWorkflowImpl.class,
                        PayoutReversalWorkflowImpl.class),
                List.of(payoutActivities, railActivities, settlementActivities, accountChecks, payoutReversals,
                        payoutReversalRail));
    }

    @Bean
    TaskQueueRegistration platform(KycActivitiesImpl kycActivities, IdentityRegistryActivitiesImpl identityRegistry,
                                   AccountValidationActivitiesImpl accountValidationActivities,
                                   AccountLookupActivitiesImpl accountLookup, AirtimeActivitiesImpl airtimeActivities,
                                   AirtimeRailActivitiesImpl airtimeRail, BillPaymentActivitiesImpl billPayments,
                                   BillerActivitiesImpl biller, BillReminderActivitiesImpl billReminders) {
        return new TaskQueueRegistration(TaskQueues.PLATFORM,
                List.of(KycWorkflowImpl.class, AccountValidationWorkflowImpl.class, AirtimePurchaseWorkflowImpl.class,
                        BillPaymentWorkflowImpl.class, BillReminderWorkflowImpl.class),
                List.of(kycActivities, identityRegistry, accountValidationActivities, accountLookup, airtimeActivities,
                        airtimeRail, billPayments, biller, billReminders));
    }
}
