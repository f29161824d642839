package com.paywire.domain.checkout;

import com.paywire.persistence.checkout.CheckoutLine;
import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.checkout.PaymentMethod;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * What the hosted checkout page shows of an order.
 *
 * @param merchantName       the name payers see: the client's display name, else its name
 * @param totalAmount        what the payer pays: the sum of the lines' prices
 * @param feeAmount          Paywire's fee, which the merchant bears (the payer pays the total)
 * @param payable            whether the payer may pay now: Pending or Failed, before the due date, with attempts
 *                           left (see CheckoutWorkflow.MAX_ATTEMPTS)
 * @param attemptsUsedUp     whether the order would be payable but has had every attempt it takes (the payer may
 *                           still cancel)
 * @param lastFailureCode    when Failed, the last attempt's result code (CARD_DECLINED, 1032, ...), else null
 * @param lastFailureMessage when Failed, the last attempt's result description, else null
 * @param paymentMethod      how the payer last tried to pay, or null
 * @param preferredMethod    the method the merchant's route channel type meant when the order was accepted (158 card, 1 M-Pesa)
 * @param billTo             what the payer gave, or null
 */
public record CheckoutPage(String checkoutId, String clientId, String merchantName, String originatorConversationId,
                           String checkoutReference, String notes, String currencyName, List<CheckoutLine> lines,
                           BigDecimal totalAmount, BigDecimal feeAmount, OffsetDateTime dueDate,
                           CheckoutStatus status, boolean payable, boolean attemptsUsedUp, String lastFailureCode,
                           String lastFailureMessage, PaymentMethod paymentMethod, PaymentMethod preferredMethod,
                           String returnUrl, String cancelUrl, BillTo billTo) {

    /**
     * The origins of the merchant's return and cancel pages, which the page's forms post to: their origins only,
     * so that nothing else of a URL (a {@code ;} or {@code ,}) can reach a policy's source list.
     */
    public List<String> merchantOrigins() {
        List<String> origins = new ArrayList<>();
        for (String url : new String[] {returnUrl, cancelUrl}) {
            UrlPolicy.origin(url).ifPresent(origins::add);
        }
        return origins;
    }
}
