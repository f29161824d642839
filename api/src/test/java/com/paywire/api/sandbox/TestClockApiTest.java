package com.paywire.api.sandbox;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static com.paywire.api.support.JsonAnswers.assertTokenRequired;
import static com.paywire.api.support.JsonAnswers.fields;
import static com.paywire.api.support.JsonAnswers.names;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.api.support.StandInTestClock;
import com.paywire.domain.platform.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The test clock's operations over a stand-in clock: what they answer and refuse. The local stack's own clock, the
 * dev service's, is driven end to end by infra's TestClockSystemTest.
 */
@ApiTest
@TestPropertySource(properties = TestClock.ENABLED + "=true")
@Import(StandInTestClock.Configuration.class)
class TestClockApiTest extends ApiTestBase {

    @Autowired
    StandInTestClock testClock;

    @Test
    void givenAnAdvance_theClockShouldAnswerTheNewTime_andSayHowFarAheadItIs() {
        Duration ahead = testClock.advancedBy().plusMinutes(2);
        Instant before = Instant.now();
        ResponseEntity<JsonNode> advanced = postJson("/v1/sandbox/clock/advance", Map.of("by", "PT2M"), token);

        assertThat(advanced.getStatusCode().value()).as("%s", advanced.getBody()).isEqualTo(200);
        assertThat(names(advanced.getBody())).containsExactly("now", "advancedBy");
        assertThat(OffsetDateTime.parse(advanced.getBody().get("now").asString()).toInstant())
                .isBetween(before.plus(ahead), Instant.now().plus(ahead));
        assertThat(advanced.getBody().get("advancedBy").asString()).isEqualTo(ahead.toString());
        assertThat(testClock.advances).last().isEqualTo(Duration.ofMinutes(2));
        ResponseEntity<JsonNode> read = getJson("/v1/sandbox/clock", token);
        assertThat(read.getStatusCode().value()).isEqualTo(200);
        assertThat(names(read.getBody())).containsExactly("now", "advancedBy");
        assertThat(read.getBody().get("advancedBy").asString()).isEqualTo(ahead.toString());
    }

    @Test
    void givenABadDuration_itShouldBeRefusedWith400OnTheFieldBy_andTheClockNotMoved() {
        int before = testClock.advances.size();
        for (String bad : new String[] {"2 minutes", "P1M", "-PT1M", "PT0S", "P30DT1S", " "}) {
            ResponseEntity<JsonNode> refused = postJson("/v1/sandbox/clock/advance", Map.of("by", bad), token);
            assertThat(fields(refused)).as(bad).containsExactly("by");
        }
        assertThat(fields(postJson("/v1/sandbox/clock/advance", Map.of(), token))).containsExactly("by");
        assertThat(postJson("/v1/sandbox/clock/advance", Map.of("by", "P30D"), token).getStatusCode().value())
                .as("the longest advance").isEqualTo(200);
        assertThat(testClock.advances).hasSize(before + 1);
    }

    @Test
    void givenAnyClientsToken_ofAnyScope_itMayReadAndMoveTheClock_butNotWithoutOne() {
        String kycOnly = ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET, "kyc");

        assertThat(getJson("/v1/sandbox/clock", kycOnly).getStatusCode().value()).isEqualTo(200);
        assertThat(postJson("/v1/sandbox/clock/advance", Map.of("by", "PT1S"), kycOnly).getStatusCode().value())
                .isEqualTo(200);
        assertTokenRequired(getJson("/v1/sandbox/clock", null));
        assertTokenRequired(postJson("/v1/sandbox/clock/advance", Map.of("by", "PT1S"), null));
    }
}
