package com.paywire.domain.payouts;

import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.networks.MobileNetwork;
import com.paywire.vocabulary.payouts.PaymentOrderRow;
import com.paywire.vocabulary.payouts.PaymentOrderSubmission;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.payouts.PayoutRecipient;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.payouts.PaymentOrderValidator;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.PayoutTiming;
import java.math.BigDecimal;
import java.util.UUID;

/**
 * A payout line between its typed forms and its row: the valid line intake records, and the command its workflow
 * pays with.
 */
final class PayoutLines {

    private PayoutLines() {
    }

    /** The line as recorded at intake, Pending. */
    static PayoutLineRow pending(PaymentOrderRow order, int index, PaymentOrderValidator.ValidLine valid,
                                 BigDecimal fee) {
        PaymentOrderSubmission.Transaction tx = valid.line().transaction();
        // Paywire's own id is the line's reference at the rail: unique across clients, whose stans need not be, and
        // the same on every retry; it is also the tracking number a pending line shows until the rail gives its own
        UUID id = UUID.randomUUID();
        return PayoutLineRow.pending(id, order.id(), order.clientId(), index,
                new PayoutLineRow.Request(tx.systemTraceAuditNumber(), valid.rail(), valid.route().id(),
                        valid.route().transactionTypeId(), tx.channelType(), tx.amount(), Currencies.KES,
                        tx.reference(), valid.line().remitter(), valid.line().recipient(), valid.creditAccount(),
                        valid.accountReference()),
                fee, id.toString(), id.toString());
    }

    /** What the line's workflow needs to pay it. */
    static PayoutLineCommand command(PayoutLineRow line, PayoutTiming timing, boolean orderWaitsForSlots) {
        PayoutRecipient recipient = line.recipient();
        Rail rail = line.rail();
        String institution = rail == Rail.BANK ? recipient.institutionIdentifier()
                : recipient.mccmnc() != null ? recipient.mccmnc() : MobileNetwork.WALLET_DEFAULT.mccmnc();
        String creditAccount = line.creditAccount() != null ? line.creditAccount() : recipient.primaryAccountNumber();
        return new PayoutLineCommand(line.clientId(), line.orderId().toString(), line.id().toString(),
                line.systemTraceAuditNumber(), rail, line.routeTransactionTypeId(), line.amount(), line.currency(),
                creditAccount, recipient.name(), institution, line.reference(), timing, orderWaitsForSlots,
                line.accountReference(), line.railReference());
    }
}
