package com.paywire.api.payouts;

import com.paywire.workflows.payouts.PayoutTiming;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** The payout time limits given to every order accepted from now on (see {@link PayoutTiming}). */
@ConfigurationProperties("paywire.payouts")
public record PayoutsProperties(Duration railAnswerWindow, Duration statusQueryInterval,
                                Duration reconciliationWindow, int maxLinesInFlight) {

    PayoutTiming timing() {
        return new PayoutTiming(railAnswerWindow, statusQueryInterval, reconciliationWindow, maxLinesInFlight);
    }
}
