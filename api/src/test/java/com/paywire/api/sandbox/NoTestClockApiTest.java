package com.paywire.api.sandbox;

import static com.paywire.api.support.JsonAnswers.assertNotFound;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Without the local stack's test clock (paywire.test-clock.enabled unset) its operations do not exist. */
@ApiTest
class NoTestClockApiTest extends ApiTestBase {

    @Test
    void givenNoTestClock_itsOperationsShouldNotBeFound_evenWithAValidToken() {
        assertNotFound(getJson("/v1/sandbox/clock", token));
        assertNotFound(postJson("/v1/sandbox/clock/advance", Map.of("by", "PT2M"), token));
    }
}
