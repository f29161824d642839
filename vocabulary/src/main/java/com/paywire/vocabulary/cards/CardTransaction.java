package com.paywire.vocabulary.cards;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

public record CardTransaction(String id, String clientId, CardTransactionType type, CardTransactionStatus status, String authorisationId,
                              String parentId, String orderId, String requestId, BigDecimal amount, String currency,
                              String network, String lastFour, String expiryMonth, String expiryYear,
                              String processorTransactionId, String responseCode, String avsCode, String cvnCode,
                              String errorCode, String errorMessage, String fraudScreenId, String authenticationId,
                              OffsetDateTime createdAt) {
}
