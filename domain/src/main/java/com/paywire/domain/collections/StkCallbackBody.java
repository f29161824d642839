package com.paywire.domain.collections;

import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rules.amounts.Amounts;
import com.paywire.workflows.collections.PromptResult;
import com.paywire.workflows.notifications.EventCommand;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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

    /**
     * The callback of a final result that came after the client heard another (a success after the prompt window,
     * by the rail or an operator): an event of its own, whose id follows from the deposit, so it is sent once.
     */
    public static EventCommand lateResult(Deposit deposit, PromptResult result, String transactionDate, long nowMillis) {
        String depositId = deposit.id().toString();
        String eventId = UUID.nameUUIDFromBytes((Product.PHONE_PROMPT.eventKey(depositId) + ":late").getBytes(StandardCharsets.UTF_8))
                .toString();
        return new EventCommand(eventId, deposit.clientId(), EventType.EXPRESS_DEPOSIT_RESULT.wireName(),
                Product.PHONE_PROMPT.eventKey(depositId),
                of(deposit, result, transactionDate), deposit.callbackUrl(), nowMillis);
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
