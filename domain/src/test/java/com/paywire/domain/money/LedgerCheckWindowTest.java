package com.paywire.domain.money;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.Policies;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A hold is stale only once its workflow has stopped asking the rail: the ledger check's windows outlast the asking. */
class LedgerCheckWindowTest {

    @Test
    void aPhonePromptsHeldCredit_shouldNotBeStale_whileItsWorkflowStillAsksTheRail() {
        // the longest a deposit's workflow keeps its hold open: the prompt sent, a prompt window (60 s by default, a
        // few minutes at most), then the rail asked for the reconciliation window
        Duration asking = Policies.PROMPT_SEND_GIVE_UP.plus(Duration.ofMinutes(10)).plus(Policies.RECONCILIATION_WINDOW);

        assertThat(LedgerCheck.holdWindow(Product.PHONE_PROMPT)).isGreaterThan(asking);
    }
}
