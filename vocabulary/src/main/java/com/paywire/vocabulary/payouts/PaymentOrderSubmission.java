package com.paywire.vocabulary.payouts;

import java.math.BigDecimal;
import java.util.List;

/**
 * A payment order as a client submits it, whatever carried it: the shape is already checked (the API's request
 * record does that); {@link PaymentOrders#accept} checks the rest. The remitter and the recipient are the kernel's,
 * kept with the line as they are here.
 */
public record PaymentOrderSubmission(String originatorConversationId, String paymentNotes,
                                     List<Line> paymentOrderLines) {

    /** @param remitter required for bank transfers only (see {@link PaymentOrderValidator}) */
    public record Line(PayoutRemitter remitter, PayoutRecipient recipient, Transaction transaction) {
    }

    /** @param accountNo the account being credited at a business (paybill): the same as recipient.primaryAccountNumber */
    public record Transaction(String routeId, Integer channelType, BigDecimal amount, String reference,
                              String systemTraceAuditNumber, String accountNo) {
    }
}
