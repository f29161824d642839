package com.paywire.activities;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.domain.charges.ChargeCoverage;
import com.paywire.persistence.TestDatabase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The charge table the migrations ship gives every amount of every priced route one band: the worker starts. */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class ShippedChargeTableTest {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    ChargeCoverage coverage;

    @Test
    void theShippedBandsShouldCoverEveryPricedRoutesAmounts_withNoGapOrOverlap() {
        assertThat(coverage.problems()).isEmpty();
    }
}
