package com.paywire.domain.payouts;

import com.paywire.workflows.payouts.PayoutTiming;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/** The payout time limits given to every order accepted from now on (see {@link PayoutTiming}). */
@Validated
@ConfigurationProperties("paywire.payouts")
public record PayoutsProperties(@NotNull Duration railAnswerWindow, @NotNull Duration statusQueryInterval,
                                @NotNull Duration reconciliationWindow, @Positive int maxLinesInFlight) {

    PayoutTiming timing() {
        return new PayoutTiming(railAnswerWindow, statusQueryInterval, reconciliationWindow, maxLinesInFlight);
    }
}
