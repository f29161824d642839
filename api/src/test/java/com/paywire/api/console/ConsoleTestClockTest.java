package com.paywire.api.console;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.api.support.StandInTestClock;
import com.paywire.domain.platform.TestClock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/**
 * The sandbox page's test clock over a stand-in clock: where it is, the one-click advances and a typed one, what
 * it refuses (an unreadable duration, a form without the session's token). Without a clock the page says so
 * (ConsolePagesTest); the dev service's clock is moved from the console in a browser by ConsoleBrowserTest.
 */
@ApiTest
@TestPropertySource(properties = TestClock.ENABLED + "=true")
@Import(StandInTestClock.Configuration.class)
class ConsoleTestClockTest extends ApiTestBase {

    @Autowired
    StandInTestClock testClock;

    @Autowired
    TestClock clock;

    ConsoleBrowser sandbox;

    @BeforeEach
    void signIn() {
        sandbox = new ConsoleBrowser(port);
        assertThat(sandbox.signIn(SANDBOX_ID, SANDBOX_SECRET).status()).isEqualTo(303);
    }

    @Test
    void givenAnAdvanceButton_theClockShouldMoveByItsStep_andThePageSayHowFarAheadItIs() {
        ConsoleBrowser.Page page = sandbox.get("/console/sandbox");
        assertThat(page.body()).contains("id=\"clockNow\"").contains("id=\"advance-PT2M\"").contains("id=\"advance-P1D\"");
        int before = testClock.advances.size();

        ConsoleBrowser.Page moved = sandbox.post("/console/sandbox/clock", Map.of("csrf", page.csrf(), "by", "P1D"));

        assertThat(moved.status()).as(moved.body()).isEqualTo(303);
        assertThat(moved.header("Location")).isEqualTo("/console/sandbox?moved=PT24H#testClock");
        assertThat(testClock.advances).hasSize(before + 1).last().isEqualTo(Duration.ofDays(1));
        ConsoleBrowser.Page after = sandbox.get("/console/sandbox?moved=PT24H");
        assertThat(after.body()).contains("The test clock moved forward by PT24H.")
                .containsPattern("id=\"clockAhead\">\\d+ d \\d+ h ahead of the wall clock<");
    }

    @Test
    void givenAnUnreadableOrTooLongAdvance_itShouldBeRefused400InWords_andTheClockNotMove() {
        int before = testClock.advances.size();
        for (String by : new String[] {"soon", "-PT1M", "P31D", ""}) {
            ConsoleBrowser.Page refused = sandbox.post("/console/sandbox/clock",
                    Map.of("csrf", sandbox.get("/console/sandbox").csrf(), "by", by));

            assertThat(refused.status()).as(by).isEqualTo(400);
            assertThat(refused.body()).as(by).containsAnyOf("The field by must", "The by field is required");
        }
        assertThat(testClock.advances).hasSize(before);
    }

    @Test
    void givenAFormWithoutTheSessionsToken_theClockShouldNotMove() {
        int before = testClock.advances.size();

        assertThat(sandbox.post("/console/sandbox/clock", Map.of("by", "PT2M")).status()).isEqualTo(403);
        assertThat(testClock.advances).hasSize(before);
    }

    @Test
    void givenWorkInFlightHoldingAnAdvance_thePageShouldSayWhereItIsGoing() {
        testClock.hold();
        TestClock.Holding inFlight = clock.holding("payout-line:other-shop:stan-9", "SendPayout");
        try {
            ConsoleBrowser.Page moving = sandbox.post("/console/sandbox/clock",
                    Map.of("csrf", sandbox.get("/console/sandbox").csrf(), "by", "PT2M"));

            assertThat(moving.status()).as(moving.body()).isEqualTo(303);
            assertThat(moving.header("Location")).as("not moved yet").isEqualTo("/console/sandbox#testClock");
            assertThat(sandbox.get("/console/sandbox").body()).contains("id=\"clockAdvance\"")
                    .contains("short of where the advance by PT2M goes: work of 1 payment or delivery is in flight,"
                            + " not yours").doesNotContain("other-shop");
            ConsoleBrowser.Page joined = sandbox.post("/console/sandbox/clock",
                    Map.of("csrf", sandbox.get("/console/sandbox").csrf(), "by", "PT1M"));
            assertThat(joined.header("Location")).as("joins the clock on its way")
                    .isEqualTo("/console/sandbox#testClock");
        } finally {
            inFlight.close();
            testClock.release();
            StandInTestClock.awaitNoAdvance(clock);
        }
    }
}
