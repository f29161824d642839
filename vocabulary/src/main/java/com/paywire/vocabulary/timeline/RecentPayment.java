package com.paywire.vocabulary.timeline;

import com.paywire.vocabulary.products.Product;
import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * One of a client's newest payments, as the console lists them ({@code RecentPayments} in persistence reads them).
 *
 * @param clientReference the client's own id of it
 * @param status          where it stands, in words ("Completed", "Timed Out")
 * @param amount          what it moves; null for a lookup (KYC, account validation)
 */
public record RecentPayment(Product kind, String paywireId, String clientReference, String status,
                            BigDecimal amount, String currency, OffsetDateTime createdAt) {
}
