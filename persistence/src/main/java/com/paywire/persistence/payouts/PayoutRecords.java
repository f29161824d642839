package com.paywire.persistence.payouts;

import com.paywire.persistence.routes.TransactionTypeGuids;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.payouts.PaymentOrderRow;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The payout records as clients read them: the status record that check-status answers, and its line record,
 * which is also the data of every payout event. One builder for both, so a client parses one shape.
 */
public final class PayoutRecords {

    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() { };
    /**
     * The request's remitter fields: a line sent without a remitter still answers each, as null (the phone number
     * as an empty string).
     */
    private static final List<String> REMITTER_FIELDS = List.of("name", "address", "emailAddress", "phoneNumber",
            "idType", "idNumber", "idExpiryDate", "country", "ccy", "financialInstitution", "sourceOfFunds",
            "principalActivity", "dateOfBirth", "nationality", "occupation", "idIssueDate", "idIssuePlace");
    private static final List<String> REMITTER_EXTRAS = List.of("amount", "fxRate", "institutionIdentifier",
            "primaryAccountNumber", "state", "city", "postalCode", "profession", "relationship");
    private static final List<String> RECIPIENT_EXTRAS = List.of("amount", "creditCustomerAccountId", "state", "city",
            "postalCode", "profession", "relationship", "occupation");
    private static final List<String> THIRD_PARTY_FIELDS = List.of("thirdPartyResponseCode",
            "thirdPartyResponseCodeDescription", "thirdPartyResultCode", "thirdPartyResultCodeDescription",
            "thirdPartyReceiptNumber");

    private PayoutRecords() {
    }

    /** The order's status record: its header and every line record, in line order. */
    public static Map<String, Object> order(PaymentOrderRow order, List<PayoutLineRow> lines, JsonMapper json) {
        Map<String, Object> record = orderHeader(order);
        record.put("orderLines", lines.stream().map(l -> line(l, json)).toList());
        return record;
    }

    /** The status record without its lines. */
    public static Map<String, Object> orderHeader(PaymentOrderRow order) {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("id", order.id().toString());
        record.put("conversationId", order.id().toString());
        record.put("originatorConversationId", order.originatorConversationId());
        record.put("remarks", order.paymentNotes());
        record.put("isProcessed", order.isProcessed());
        return record;
    }

    /** One line: remitter and recipient as sent, plus the fields the line record adds, the transaction, its outcome. */
    public static Map<String, Object> line(PayoutLineRow line, JsonMapper json) {
        Map<String, Object> sent = PayoutLineJson.fields(line.remitter());
        Map<String, Object> remitter = sent == null ? new LinkedHashMap<>() : sent;
        REMITTER_FIELDS.forEach(k -> remitter.putIfAbsent(k, null));
        REMITTER_EXTRAS.forEach(k -> remitter.putIfAbsent(k, null));
        // the live record's phone number is a string even when none was sent: typed clients read it as one
        if (remitter.get("phoneNumber") == null) {
            remitter.put("phoneNumber", "");
        }
        remitter.put("amount", line.amount());
        remitter.put("fxRate", BigDecimal.ONE);
        // the live API echoes the expiry as idExpireDate; clients written against the request's spelling read that
        remitter.put("idExpireDate", remitter.get("idExpiryDate"));

        Map<String, Object> recipient = PayoutLineJson.fields(line.recipient());
        RECIPIENT_EXTRAS.forEach(k -> recipient.putIfAbsent(k, null));
        recipient.put("amount", line.amount());

        Map<String, Object> transaction = new LinkedHashMap<>();
        transaction.put("routeId", line.routeId().toString());
        transaction.put("amount", line.amount());
        transaction.put("reference", line.reference());
        transaction.put("systemTraceAuditNumber", line.systemTraceAuditNumber());
        transaction.put("type", line.routeTransactionTypeId());
        transaction.put("channelType", line.channelType());
        transaction.put("customerAccountNo", line.accountReference());
        // the route's GUID, as the route listing names it; the line keeps Paywire's integer, answered as type
        transaction.put("routeTransactionTypeId", TransactionTypeGuids.of(line.routeTransactionTypeId()).toString());
        // the live record carries it; a payout request has no such field, so it is never set
        transaction.put("relationship", null);

        Map<String, Object> thirdParty = line.thirdPartyPayloadJson() == null
                ? new LinkedHashMap<>() : json.readValue(line.thirdPartyPayloadJson(), MAP);
        THIRD_PARTY_FIELDS.forEach(k -> thirdParty.putIfAbsent(k, null));

        Map<String, Object> outcome = new LinkedHashMap<>();
        outcome.put("id", line.id().toString());
        outcome.put("paymentAmount", line.amount());
        // a number in every state: lines accepted before the fee was kept at acceptance show 0 until reserved
        outcome.put("feeAmount", line.feeAmount() == null ? Cents.ZERO : line.feeAmount());
        outcome.put("trackingNumber", line.trackingNumber());
        outcome.put("transactionStatus", line.transactionStatus().code());
        outcome.put("transactionStatusDescription", line.transactionStatusDescription());
        outcome.put("workingAccountAvailableFunds", line.workingAccountAvailableFunds());
        outcome.put("utilityAccountAvailableFunds", line.utilityAccountAvailableFunds());
        outcome.put("walletBalance", line.walletBalance());
        outcome.put("transactionDate", line.transactionDate());
        outcome.put("transactionCreditParty", line.transactionCreditParty());
        outcome.put("resultCode", line.resultCode());
        outcome.put("resultCodeDescription", line.resultCodeDescription());
        outcome.put("thirdPartyPayload", thirdParty);

        Map<String, Object> view = new LinkedHashMap<>();
        view.put("remitter", remitter);
        view.put("recipient", recipient);
        view.put("transaction", transaction);
        view.put("transactionOutcome", outcome);
        return view;
    }
}
