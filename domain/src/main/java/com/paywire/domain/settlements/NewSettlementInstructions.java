package com.paywire.domain.settlements;

import java.math.BigDecimal;

/** Settlement instructions as a client sends them, unchecked. */
public record NewSettlementInstructions(String bankCode, String accountNumber, String accountName, String schedule,
                                        BigDecimal minimumAmount) {
}
