package com.paywire.domain.collections.paybill;

import com.paywire.persistence.collections.PaybillDeposit;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A paybill deposit as its client sees it, in the status answer and in the {@code c2b.received} event alike. The
 * payer's phone is masked: the client learns who paid without Paywire handing out whole numbers.
 */
public final class PaybillDepositView {

    /** The JSON names, in order (docs/paybill-deposits.md). */
    public static final String[] FIELDS = {"systemConversationId", "receiptNumber", "shortCode", "accountNo",
            "accountReference", "amount", "fee", "creditedAmount", "phoneNumber", "transactionTime", "status"};
    private static final int SHOWN_HEAD = 4;
    private static final int SHOWN_TAIL = 3;

    private PaybillDepositView() {
    }

    public static Map<String, Object> of(PaybillDeposit deposit) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("systemConversationId", deposit.id().toString());
        view.put("receiptNumber", deposit.receiptNumber());
        view.put("shortCode", deposit.shortCode());
        view.put("accountNo", deposit.accountReference());
        view.put("accountReference", deposit.clientReference());
        view.put("amount", deposit.amount());
        view.put("fee", deposit.fee());
        view.put("creditedAmount", deposit.fee() == null ? null : deposit.amount().subtract(deposit.fee()));
        view.put("phoneNumber", maskedPhone(deposit.phoneNumber()));
        view.put("transactionTime", deposit.transactionTime().withOffsetSameInstant(ZoneOffset.UTC).toString());
        view.put("status", deposit.status().name());
        return view;
    }

    /** The country code and network digits, and the last three: 2547*****678. */
    public static String maskedPhone(String phone) {
        if (phone.length() <= SHOWN_HEAD + SHOWN_TAIL) {
            return "*".repeat(phone.length());
        }
        return phone.substring(0, SHOWN_HEAD) + "*".repeat(phone.length() - SHOWN_HEAD - SHOWN_TAIL)
                + phone.substring(phone.length() - SHOWN_TAIL);
    }

    /** What the client's statement says of the deposit's credit. */
    public static String statementLine(PaybillDeposit deposit) {
        return "Paybill deposit " + deposit.receiptNumber() + " from " + maskedPhone(deposit.phoneNumber());
    }
}
