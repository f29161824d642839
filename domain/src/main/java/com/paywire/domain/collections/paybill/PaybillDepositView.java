package com.paywire.domain.collections.paybill;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.paywire.domain.paybacks.CollectionReversalView;
import com.paywire.vocabulary.collections.PaybillDeposit;
import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigDecimal;
import java.time.ZoneOffset;

/**
 * A paybill deposit as its client sees it, in the status answer and in the {@code c2b.received} event alike
 * (docs/paybill-deposits.md). The payer's phone is masked: the client learns who paid without Paywire handing out
 * whole numbers.
 */
public record PaybillDepositView(
        @Schema(description = "Paywire's id of the deposit") String systemConversationId,
        @Schema(description = "the mobile-money rail's receipt, as the payer's message shows it") String receiptNumber,
        @Schema(description = "your paybill number the payer paid") String shortCode,
        @Schema(description = "the AccountNo the payer typed: your prefix and your reference") String accountNo,
        @Schema(description = "your reference: the AccountNo less your prefix") String accountReference,
        @Schema(description = "what the payer paid, in KES") BigDecimal amount,
        @Schema(description = "Paywire's fee, from the charge table (transaction type 12)") BigDecimal fee,
        @Schema(description = "what your utility account was credited: amount less fee") BigDecimal creditedAmount,
        @Schema(description = "the payer's phone, masked: 2547*****678") String phoneNumber,
        @Schema(description = "when the payer paid, as the rail reports it (UTC)") String transactionTime,
        @Schema(description = "RECEIVED: the rail confirmed it, and it is being credited (fee and creditedAmount "
                + "null until then); CREDITED: in your utility account, less the fee") String status,
        @Schema(description = "its newest reversal, once you asked for one (POST /v1/collections/reversals); "
                + "absent otherwise")
        @JsonInclude(JsonInclude.Include.NON_NULL) CollectionReversalView reversal) {

    private static final int HIDDEN = 5;
    private static final int SHOWN_TAIL = 3;

    public static PaybillDepositView of(PaybillDeposit deposit) {
        return of(deposit, null);
    }

    /** The deposit with its newest reversal, as its status query shows it. */
    public static PaybillDepositView of(PaybillDeposit deposit, CollectionReversalView reversal) {
        return new PaybillDepositView(deposit.id().toString(), deposit.receiptNumber(), deposit.shortCode(),
                deposit.accountReference(), deposit.clientReference(), deposit.amount(), deposit.fee(),
                deposit.fee() == null ? null : deposit.amount().subtract(deposit.fee()),
                maskedPhone(deposit.phoneNumber()),
                deposit.transactionTime().withOffsetSameInstant(ZoneOffset.UTC).toString(), deposit.status().name(),
                reversal);
    }

    /**
     * One rule for every form the rail sends (its MSISDN, 9 to 15 digits): the last three digits shown, the five
     * before them hidden, and what comes first (the country code or trunk 0, and the network digit) shown:
     * 2547*****678, 07*****678, 7*****678.
     */
    public static String maskedPhone(String phone) {
        int tail = phone.length() - SHOWN_TAIL;
        int head = Math.max(0, tail - HIDDEN);
        return phone.substring(0, head) + "*".repeat(tail - head) + phone.substring(tail);
    }

    /** What the client's statement says of the deposit's credit. */
    public static String statementLine(PaybillDeposit deposit) {
        return "Paybill deposit " + deposit.receiptNumber() + " from " + maskedPhone(deposit.phoneNumber());
    }
}
