package com.paywire.vocabulary.ledger;

import java.math.BigDecimal;

/** @param opening the balance at {@code from}; {@code closing} the balance at {@code to} */
public record StatementPeriod(long entries, BigDecimal opening, BigDecimal closing) {
}
