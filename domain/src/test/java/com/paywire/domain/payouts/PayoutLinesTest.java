package com.paywire.domain.payouts;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.networks.MobileNetwork;
import com.paywire.vocabulary.payouts.PayoutRecipient;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.PayoutTiming;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What a stored line's workflow is told to pay: read from the line's typed recipient and its stored rail. */
class PayoutLinesTest {

    private static final PayoutTiming TIMING =
            new PayoutTiming(Duration.ofMinutes(2), Duration.ofSeconds(20), Duration.ofHours(24), 1);

    @Test
    void aBankLine_isPaidToItsAccountAtTheRecipientsBank() {
        PayoutLineCommand command = PayoutLines.command(line(Rail.BANK,
                recipient("John", null, "68", "1234567890"), "1234567890"), TIMING, false);

        assertThat(command.rail()).isEqualTo(Rail.BANK);
        assertThat(command.institutionCode()).isEqualTo("68");
        assertThat(command.account()).isEqualTo("1234567890");
        assertThat(command.accountName()).isEqualTo("John");
    }

    @Test
    void aWalletLineSentWithoutANetwork_goesToTheDefaultOne() {
        PayoutLineCommand command = PayoutLines.command(line(Rail.MOBILE_MONEY,
                recipient("Jane", null, null, "0712345678"), "+254712345678"), TIMING, true);

        assertThat(command.rail()).isEqualTo(Rail.MOBILE_MONEY);
        assertThat(command.institutionCode()).isEqualTo(MobileNetwork.WALLET_DEFAULT.mccmnc());
        assertThat(command.account()).as("what intake made of the number").isEqualTo("+254712345678");
        assertThat(command.orderWaitsForSlots()).isTrue();
    }

    @Test
    void aLineAcceptedBeforeItsCreditAccountWasKept_isPaidToTheRecipientsAccount() {
        PayoutLineCommand command = PayoutLines.command(line(Rail.MOBILE_MONEY,
                recipient("Jane", "63903", null, "+254733000000"), null), TIMING, false);

        assertThat(command.institutionCode()).isEqualTo("63903");
        assertThat(command.account()).isEqualTo("+254733000000");
    }

    private static PayoutLineRow line(Rail rail, PayoutRecipient recipient, String creditAccount) {
        UUID id = UUID.randomUUID();
        return PayoutLineRow.pending(id, UUID.randomUUID(), "client-1", 0, new PayoutLineRow.Request(
                UUID.randomUUID().toString(), rail, UUID.randomUUID(), 1, 1, new BigDecimal("100.00"), "KES", "ref",
                null, recipient, creditAccount, null), BigDecimal.ZERO, id.toString(), id.toString());
    }

    private static PayoutRecipient recipient(String name, String mccmnc, String institution, String account) {
        return new PayoutRecipient(name, null, null, null, null, null, mccmnc, null, institution, account, 404, "KE",
                null, null);
    }
}
