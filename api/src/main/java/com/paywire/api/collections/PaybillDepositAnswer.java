package com.paywire.api.collections;

import com.paywire.domain.collections.paybill.PaybillDepositView;
import com.paywire.persistence.collections.PaybillDeposit;
import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigDecimal;
import java.time.ZoneOffset;

/** A paybill deposit as its client reads it: the fields, in order, of the c2b.received event's data. */
record PaybillDepositAnswer(
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
                + "null until then); CREDITED: in your utility account, less the fee") String status) {

    static PaybillDepositAnswer of(PaybillDeposit d) {
        return new PaybillDepositAnswer(d.id().toString(), d.receiptNumber(), d.shortCode(), d.accountReference(),
                d.clientReference(), d.amount(), d.fee(), d.fee() == null ? null : d.amount().subtract(d.fee()),
                PaybillDepositView.maskedPhone(d.phoneNumber()),
                d.transactionTime().withOffsetSameInstant(ZoneOffset.UTC).toString(), d.status().name());
    }
}
