package com.paywire.domain.collections;

import com.paywire.domain.Amounts;
import com.paywire.persistence.collections.Deposit;
import com.paywire.workflows.collections.PromptResult;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The client's result callback, exactly as docs/interface.md#pay-ins gives it: {@code Body.StkCallback} with CallbackMetadata
 * items Amount (a plain number without trailing zeros: 100, 100.5), MobileMoneyReceiptNumber, Balance (no Value),
 * TransactionDate (a number, yyyyMMddHHmmss) and PhoneNumber (a number); CallbackMetadata is null unless the payer paid. ResultCode is the number 0 on
 * success and the string "1032" when the payer cancelled, as the live API sends them. A payment made on a payment
 * link's page names its link in PaymentLinkId.
 */
public final class StkCallbackBody {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private StkCallbackBody() {
    }

    public static String of(Deposit deposit, PromptResult result, String transactionDate) {
        Map<String, Object> callback = new LinkedHashMap<>();
        callback.put("MerchantRequestID", deposit.merchantRequestId());
        callback.put("CheckoutRequestID", deposit.checkoutRequestId());
        callback.put("OriginatorConversationId", deposit.originatorConversationId());
        callback.put("SystemConversationId", deposit.id().toString());
        if (deposit.paymentLinkId() != null) { // paid on a link's page: which link, as get-payment-link takes it
            callback.put("PaymentLinkId", deposit.paymentLinkId().toString());
        }
        callback.put("ResultCode", resultCode(result.resultCode()));
        callback.put("ResultDesc", result.resultDesc());
        callback.put("CallbackMetadata", PromptResult.SUCCESS.equals(result.resultCode())
                ? Map.of("Item", items(deposit, result, transactionDate)) : null);
        return JSON.writeValueAsString(Map.of("Body", Map.of("StkCallback", callback)));
    }

    private static Object resultCode(String code) {
        if (PromptResult.CANCELLED.equals(code)) {
            return code;
        }
        try {
            return Integer.parseInt(code);
        } catch (NumberFormatException notANumber) {
            return code;
        }
    }

    private static List<Map<String, Object>> items(Deposit deposit, PromptResult result, String transactionDate) {
        List<Map<String, Object>> items = new ArrayList<>();
        items.add(item("Amount", deposit.amount()));
        items.add(item("MobileMoneyReceiptNumber", result.receiptNumber()));
        items.add(Map.of("Name", "Balance"));
        items.add(item("TransactionDate", Long.parseLong(transactionDate)));
        items.add(item("PhoneNumber", Long.parseLong(deposit.phoneNumber().replace("+", ""))));
        return items;
    }

    private static Map<String, Object> item(String name, Object value) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("Name", name);
        item.put("Value", value instanceof BigDecimal amount ? Amounts.withoutTrailingZeros(amount) : value);
        return item;
    }
}
