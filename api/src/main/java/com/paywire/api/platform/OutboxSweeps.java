package com.paywire.api.platform;

import com.paywire.domain.accountvalidation.AccountValidations;
import com.paywire.domain.airtime.AirtimePurchases;
import com.paywire.domain.bills.BillRequests;
import com.paywire.domain.checkout.CheckoutOrders;
import com.paywire.domain.collections.ExpressDeposits;
import com.paywire.domain.collections.paybill.PaybillDeposits;
import com.paywire.domain.kyc.KycRequests;
import com.paywire.domain.paybacks.PayBacks;
import com.paywire.domain.payouts.PaymentOrders;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * When the outbox sweeps run: in the API, which accepts the requests they start (the worker runs none). What a
 * sweep does is the domain's ({@link com.paywire.domain.platform.Outbox}).
 */
@Component
class OutboxSweeps {

    private final PaymentOrders paymentOrders;
    private final ExpressDeposits expressDeposits;
    private final CheckoutOrders checkoutOrders;
    private final KycRequests kycRequests;
    private final AccountValidations accountValidations;
    private final AirtimePurchases airtimePurchases;
    private final BillRequests billRequests;
    private final PaybillDeposits paybillDeposits;
    private final PayBacks payBacks;

    OutboxSweeps(PaymentOrders paymentOrders, ExpressDeposits expressDeposits, CheckoutOrders checkoutOrders,
                 KycRequests kycRequests, AccountValidations accountValidations, AirtimePurchases airtimePurchases,
                 BillRequests billRequests, PaybillDeposits paybillDeposits, PayBacks payBacks) {
        this.paymentOrders = paymentOrders;
        this.expressDeposits = expressDeposits;
        this.checkoutOrders = checkoutOrders;
        this.kycRequests = kycRequests;
        this.accountValidations = accountValidations;
        this.airtimePurchases = airtimePurchases;
        this.billRequests = billRequests;
        this.paybillDeposits = paybillDeposits;
        this.payBacks = payBacks;
    }

    @Scheduled(fixedDelayString = "${paywire.payouts.start-sweep-interval:10s}")
    void startPaymentOrders() {
        paymentOrders.startStragglers();
    }

    @Scheduled(fixedDelayString = "${paywire.payouts.start-sweep-interval:10s}")
    void startExpressDeposits() {
        expressDeposits.startStragglers();
    }

    @Scheduled(fixedDelayString = "${paywire.payouts.start-sweep-interval:10s}")
    void startCheckoutOrders() {
        checkoutOrders.startStragglers();
    }

    @Scheduled(fixedDelayString = "${paywire.payouts.start-sweep-interval:10s}")
    void startKycRequests() {
        kycRequests.startStragglers();
    }

    @Scheduled(fixedDelayString = "${paywire.payouts.start-sweep-interval:10s}")
    void startAccountValidations() {
        accountValidations.startStragglers();
    }

    @Scheduled(fixedDelayString = "${paywire.payouts.start-sweep-interval:10s}")
    void startAirtimePurchases() {
        airtimePurchases.startStragglers();
    }

    @Scheduled(fixedDelayString = "${paywire.payouts.start-sweep-interval:10s}")
    void startBillPayments() {
        billRequests.startStragglers();
    }

    @Scheduled(fixedDelayString = "${paywire.payouts.start-sweep-interval:10s}")
    void startPaybillDeposits() {
        paybillDeposits.startStragglers();
    }

    /**
     * Pay-backs (suspense returns, refunds due) Temporal has not got yet, those booked before their workflow
     * existed among them (V45): the first sweep after start-up starts them.
     */
    @Scheduled(fixedDelayString = "${paywire.payouts.start-sweep-interval:10s}")
    void startPayBacks() {
        payBacks.startStragglers();
    }
}
