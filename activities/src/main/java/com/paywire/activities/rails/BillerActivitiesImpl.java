package com.paywire.activities.rails;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.bills.BillerAccounts;
import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.rails.biller.BillerProtocol.BillerAccount;
import com.paywire.domain.rails.biller.BillerRail;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.vocabulary.bills.BillPayment;
import com.paywire.persistence.bills.BillPaymentStore;
import com.paywire.persistence.bills.BillServiceStore;
import com.paywire.vocabulary.bills.BillService;
import com.paywire.workflows.bills.BillerActivities;
import com.paywire.workflows.bills.BillerAnswer;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The biller aggregator ({@link BillerRail}) as activities for payments. The account lookup is
 * {@link BillerAccounts}'s, the one the API asks while a client waits.
 */
@Component
public class BillerActivitiesImpl implements BillerActivities {

    private final BillPaymentStore payments;
    private final BillServiceStore services;
    private final BillerAccounts billers;
    private final BillerRail biller;

    public BillerActivitiesImpl(BillPaymentStore payments, BillServiceStore services, BillerAccounts billers,
                                BillerRail biller) {
        this.payments = payments;
        this.services = services;
        this.billers = billers;
        this.biller = biller;
    }

    @Override
    public boolean validateAccount(String paymentId) {
        return reported(() -> {
            BillPayment payment = payment(paymentId);
            Optional<BillerAccount> account = billers.lookUp(service(payment), payment.accountNumber());
            account.ifPresent(known -> payments.recordAccount(payment.id(), known.accountName(), known.balance(),
                    known.dueDate()));
            return account.map(BillerAccount::active).orElse(false);
        });
    }

    @Override
    public BillerAnswer pay(String paymentId) {
        return reported(() -> {
            BillPayment payment = payment(paymentId);
            return biller.pay(paymentId, service(payment).serviceCode(), payment.accountNumber(), payment.amount(),
                    payment.msisdn());
        });
    }

    @Override
    public BillerAnswer confirm(String paymentId) {
        return reported(() -> {
            BillerAnswer answer = biller.status(paymentId, payment(paymentId).accountNumber());
            if (answer.state() == BillerAnswer.State.PENDING) {
                // failing is how the settlement policy asks again later, without a timer per question in the history
                throw new RailUnavailableException("bill payment " + paymentId + " is still pending at the biller");
            }
            return answer;
        });
    }

    private BillPayment payment(String paymentId) {
        return payments.find(UUID.fromString(paymentId))
                .orElseThrow(() -> new InvariantViolationException("no bill payment " + paymentId));
    }

    private BillService service(BillPayment payment) {
        return services.find(payment.serviceId())
                .orElseThrow(() -> new InvariantViolationException("no bill service " + payment.serviceId()));
    }
}
