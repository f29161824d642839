package com.paywire.domain.rails.accountregistry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.rails.StubRail;
import com.paywire.workflows.accountvalidation.LookupOutcome;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Wallets are asked of the mobile-money rail and bank accounts of the bank rail; their answers read as outcomes. */
class HttpAccountRegistryTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final StubRail wallets = new StubRail();
    private final StubRail banks = new StubRail();
    private final HttpAccountRegistry registry = new HttpAccountRegistry(wallets.baseUrl(), banks.baseUrl(),
            TIMEOUT, TIMEOUT, new SimpleMeterRegistry());

    @AfterEach
    void stop() {
        wallets.close();
        banks.close();
    }

    @Test
    void givenAWallet_itShouldBeAskedOfTheMobileMoneyRail_andItsHolderRead() {
        wallets.answer(AccountLookupProtocol.WALLET_LOOKUP_PATH, 200,
                "{\"reference\":\"v-1\",\"transactionId\":\"T1\",\"accountName\":\" Jane Doe \",\"accountStatus\":\"ACTIVE\"}");

        AccountLookupProtocol.Answer answer = registry.lookUp("v-1", AccountLookupProtocol.MOBILE_WALLET, "63902",
                "254711000001");

        assertThat(answer.outcome().resultCode()).isEqualTo(LookupOutcome.FOUND);
        assertThat(answer.holderName()).isEqualTo("Jane Doe");
        assertThat(wallets.received()).singleElement().extracting(StubRail.Received::idempotencyKey).isEqualTo("v-1");
        assertThat(banks.received()).isEmpty();
    }

    @Test
    void givenABankAccountTheBankDoesNotHold_itShouldBeNotFound_andABankInTroubleARetry() {
        banks.answer(AccountLookupProtocol.BANK_LOOKUP_PATH, 404, "{\"reference\":\"v-2\",\"transactionId\":\"T2\"}");

        assertThat(registry.lookUp("v-2", AccountLookupProtocol.BANK_ACCOUNT, "01", "0123").outcome().resultCode())
                .isEqualTo(LookupOutcome.NOT_FOUND);

        banks.answer(AccountLookupProtocol.BANK_LOOKUP_PATH, 503, "{}");
        assertThatThrownBy(() -> registry.lookUp("v-3", AccountLookupProtocol.BANK_ACCOUNT, "01", "0123"))
                .isInstanceOf(RailUnavailableException.class).hasMessageContaining("institution 01");
        assertThat(wallets.received()).isEmpty();
    }
}
