package com.paywire.workflows.cards;

import com.paywire.vocabulary.cards.CardTransactionStatus;
import java.math.BigDecimal;

/** The outcome of a capture, void or refund, as the API answers it. */
public record CardOperationResult(String id, CardTransactionStatus status, BigDecimal amount, String currency) {
}
