package com.paywire.domain.rails.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.rails.StubRail;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The identity registry's answers, read; the national ID travels in the body and never into a failure. */
class HttpIdentityRegistryTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final StubRail rail = new StubRail();
    private final HttpIdentityRegistry registry = new HttpIdentityRegistry(rail.baseUrl(), TIMEOUT, TIMEOUT,
            new SimpleMeterRegistry());

    @AfterEach
    void stop() {
        rail.close();
    }

    @Test
    void givenAPersonTheRegistryHolds_itShouldReadThem_askedUnderTheRequestsKey() {
        rail.answer(IdentityRegistryProtocol.LOOKUP_PATH, 200,
                "{\"nationalId\":\"12345678\",\"firstName\":\"Jane\",\"lastName\":\"Doe\",\"dateOfBirth\":\"1990-01-02\"}");

        var person = registry.lookUp("kyc-1", "12345678").orElseThrow();

        assertThat(person.firstName()).isEqualTo("Jane");
        assertThat(person.dateOfBirth()).isEqualTo("1990-01-02");
        assertThat(rail.received().getFirst().idempotencyKey()).isEqualTo("kyc-1");
        assertThat(rail.received().getFirst().path()).doesNotContain("12345678");
    }

    @Test
    void givenAnIdTheRegistryDoesNotHold_itShouldBeEmpty_andARegistryInTroubleARetryThatNamesNoId() {
        assertThat(registry.lookUp("kyc-2", "87654321")).isEmpty();

        rail.answer(IdentityRegistryProtocol.LOOKUP_PATH, 500, "{}");
        assertThatThrownBy(() -> registry.lookUp("kyc-3", "87654321"))
                .isInstanceOf(RailUnavailableException.class)
                .hasMessageContaining("kyc-3").hasMessageNotContaining("87654321");
    }
}
