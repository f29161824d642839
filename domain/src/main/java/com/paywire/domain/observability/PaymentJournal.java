package com.paywire.domain.observability;

import com.paywire.vocabulary.bills.BillPayment;
import com.paywire.vocabulary.airtime.AirtimePurchase;
import com.paywire.vocabulary.checkout.CheckoutOrder;
import com.paywire.vocabulary.checkout.PaymentMethod;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.logging.PaymentContext;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * A payment's two moments an operator follows: its acceptance and its end, each logged once at INFO in plain words
 * with the payment's ids (the logging context), and counted ({@link PaywireMeters#PAYMENTS_ACCEPTED},
 * {@link PaywireMeters#PAYMENTS_FINISHED}, {@link PaywireMeters#PAYMENT_ACCEPT_TO_FINAL}). Callers call it once per
 * payment, from the step that accepted or closed it and not when a retry finds that work done; inside a transaction
 * it waits for the commit, so that a step rolled back (and retried) is not counted twice. No personal data goes in:
 * amounts, rails and result descriptions only.
 */
@Component
public class PaymentJournal {

    /** The rail tag of a payment whose payer has not chosen how to pay yet (a checkout order when accepted). */
    static final String NO_RAIL_YET = "NOT_CHOSEN";
    private static final Logger log = LoggerFactory.getLogger(PaymentJournal.class);
    private static final Duration SHORTEST_EXPECTED = Duration.ofMillis(10);
    /** Longer ends (a payout reconciled after a day) count in the histogram's last bucket. */
    private static final Duration LONGEST_EXPECTED = Duration.ofHours(1);

    private final MeterRegistry meters;
    private final Clock clock;

    public PaymentJournal(MeterRegistry meters, Clock clock) {
        this.meters = meters;
        this.clock = clock;
    }

    /**
     * What the journal says a payment is.
     *
     * @param rail how its money moves; null while its payer has not chosen (tagged {@value PaymentJournal#NO_RAIL_YET})
     * @param ids  the client, the client's id of the payment and Paywire's
     */
    public record Payment(Product product, Rail rail, PaymentContext ids) {

        /** An express deposit, or a payment made on a payment link's page: money in by phone prompt. */
        public static Payment of(Deposit deposit) {
            return new Payment(Product.PHONE_PROMPT, Rail.MOBILE_MONEY, new PaymentContext(deposit.clientId(),
                    deposit.originatorConversationId(), deposit.id().toString()));
        }

        /** An airtime purchase: its recipients' top-ups, counted as one payment. */
        public static Payment of(AirtimePurchase purchase) {
            return new Payment(Product.AIRTIME, Rail.AIRTIME, new PaymentContext(purchase.clientId(),
                    purchase.originatorConversationId(), purchase.id().toString()));
        }

        public static Payment of(BillPayment payment) {
            return new Payment(Product.BILL, Rail.BILLER, new PaymentContext(payment.clientId(),
                    payment.originatorConversationId(), payment.id().toString()));
        }

        /** A checkout order, paid by the method given, or by none yet (null). */
        public static Payment of(CheckoutOrder order, PaymentMethod paidBy) {
            Rail rail = paidBy == null ? null : paidBy.rail();
            return new Payment(Product.CHECKOUT, rail, new PaymentContext(order.clientId(),
                    order.originatorConversationId(), order.id().toString()));
        }

        /** A card payment through the card API: its authorisation, by the client's RequestId and its AuthorisationId. */
        public static Payment ofCard(String clientId, String requestId, String authorisationId) {
            return new Payment(Product.CARD, Rail.CARD_PROCESSOR, new PaymentContext(clientId, requestId,
                    authorisationId));
        }

        /** A payout line: the line is the payment, whichever order it came in. */
        public static Payment of(PayoutLineRow line) {
            return new Payment(Product.PAYOUT, line.rail(),
                    new PaymentContext(line.clientId(), line.systemTraceAuditNumber(), line.railReference()));
        }
    }

    /** How a payment ended, as {@link PaywireMeters#OUTCOME} names it. */
    public enum Outcome {
        COMPLETED, FAILED, PARTLY_COMPLETED;

        String tag() {
            return name().toLowerCase(Locale.ROOT);
        }

        String words() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    public void accepted(Payment payment, BigDecimal amount, String currency) {
        afterCommit(() -> recordAccepted(payment, amount, currency));
    }

    /**
     * @param acceptedAt when the payment was accepted
     * @param how        what decided it, in words a client would use (a result description, a status)
     */
    public void finished(Payment payment, Outcome outcome, OffsetDateTime acceptedAt, String how) {
        afterCommit(() -> recordFinished(payment, outcome, acceptedAt, how));
    }

    private void recordAccepted(Payment payment, BigDecimal amount, String currency) {
        Counter.builder(PaywireMeters.PAYMENTS_ACCEPTED).tag(PaywireMeters.PRODUCT, payment.product().name())
                .tag(PaywireMeters.RAIL, railTag(payment)).register(meters).increment();
        try (PaymentContext.Scope about = payment.ids().open()) {
            log.info("{} accepted: {} {}{}", noun(payment.product()), String.format(Locale.ROOT, "%,.2f", amount),
                    currency, payment.rail() == null ? "" : " by " + railTag(payment));
        }
    }

    private void recordFinished(Payment payment, Outcome outcome, OffsetDateTime acceptedAt, String how) {
        Duration took = Duration.between(acceptedAt.toInstant(), clock.instant());
        Counter.builder(PaywireMeters.PAYMENTS_FINISHED).tag(PaywireMeters.PRODUCT, payment.product().name())
                .tag(PaywireMeters.RAIL, railTag(payment)).tag(PaywireMeters.OUTCOME, outcome.tag())
                .register(meters).increment();
        Timer.builder(PaywireMeters.PAYMENT_ACCEPT_TO_FINAL).tag(PaywireMeters.PRODUCT, payment.product().name())
                .tag(PaywireMeters.RAIL, railTag(payment)).tag(PaywireMeters.OUTCOME, outcome.tag())
                .publishPercentileHistogram().minimumExpectedValue(SHORTEST_EXPECTED)
                .maximumExpectedValue(LONGEST_EXPECTED).register(meters).record(took);
        try (PaymentContext.Scope about = payment.ids().open()) {
            log.info("{} {} {} after it was accepted: {}", noun(payment.product()), outcome.words(), readable(took), how);
        }
    }

    private static String railTag(Payment payment) {
        return payment.rail() == null ? NO_RAIL_YET : payment.rail().metricName();
    }

    private static void afterCommit(Runnable record) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            record.run();
            return;
        }
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                record.run();
            }
        });
    }

    private static String noun(Product product) {
        return switch (product) {
            case PAYOUT -> "Payout";
            case AIRTIME -> "Airtime purchase";
            case BILL -> "Bill payment";
            case PHONE_PROMPT -> "Express deposit";
            case CHECKOUT -> "Checkout order";
            case CARD -> "Card payment";
            case PAYBILL_DEPOSIT -> "Paybill deposit";
            // the journal follows payments, which are the products that move money
            default -> throw new IllegalArgumentException(product + " moves no money");
        };
    }

    /** "850 ms", "4.2 s", "3 min 5 s", "26 h 3 min". */
    static String readable(Duration took) {
        long millis = Math.max(0, took.toMillis());
        if (millis < 1_000) {
            return millis + " ms";
        }
        if (millis < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        if (millis < 3_600_000) {
            return took.toMinutes() + " min " + took.toSecondsPart() + " s";
        }
        return took.toHours() + " h " + took.toMinutesPart() + " min";
    }
}
