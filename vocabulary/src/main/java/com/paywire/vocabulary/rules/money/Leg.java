package com.paywire.vocabulary.rules.money;

import java.math.BigDecimal;

/** One movement of money: from the debit account to the credit account. */
public record Leg(String debitAccount, String creditAccount, BigDecimal amount) {
}
