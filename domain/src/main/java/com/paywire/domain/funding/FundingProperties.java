package com.paywire.domain.funding;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Paywire's bank account that clients top up their working accounts by paying into
 * ({@code paywire.funding.bank-account.*}), and how long posting a bank statement waits for its workflow's answer
 * ({@code paywire.funding.statement-wait}). Every value has a sandbox default.
 */
@ConfigurationProperties("paywire.funding")
public record FundingProperties(BankAccount bankAccount, Duration statementWait) {

    public FundingProperties {
        bankAccount = bankAccount == null ? new BankAccount(null, null, null, null, null) : bankAccount;
        statementWait = statementWait == null ? Duration.ofSeconds(30) : statementWait;
    }

    public record BankAccount(String bankName, String bankCode, String accountNumber, String accountName,
                              String currency) {
        public BankAccount {
            bankName = bankName == null ? "Sandbox Bank of Kenya" : bankName;
            bankCode = bankCode == null ? "99001" : bankCode;
            accountNumber = accountNumber == null ? "0100200300400" : accountNumber;
            accountName = accountName == null ? "Paywire Ltd Client Funds" : accountName;
            currency = currency == null ? "KES" : currency;
        }
    }
}
