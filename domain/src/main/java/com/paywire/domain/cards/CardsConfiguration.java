package com.paywire.domain.cards;

import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.rails.cardprocessor.CardVault;
import com.paywire.domain.rails.cardprocessor.ProcessorCardVault;
import com.paywire.persistence.cards.CardStore;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Which implementation of each card service runs: the sandbox's unless configured otherwise. */
@Configuration(proxyBeanMethods = false)
class CardsConfiguration {

    private static final String SANDBOX = "sandbox";

    @Bean
    FraudScreen fraudScreen(@Value("${paywire.cards.fraud-screen:" + SANDBOX + "}") String kind, CardStore cards,
                            Clock clock) {
        if (SANDBOX.equals(kind)) {
            return new SandboxFraudScreen(cards, clock);
        }
        throw unknown("paywire.cards.fraud-screen", kind);
    }

    @Bean
    PayerAuthentication payerAuthentication(@Value("${paywire.cards.payer-authentication:" + SANDBOX + "}") String kind,
                                            CardStore cards, EventPublisher events) {
        if (SANDBOX.equals(kind)) {
            return new SandboxPayerAuthentication(cards, events);
        }
        throw unknown("paywire.cards.payer-authentication", kind);
    }

    /** The processor's vault; in the sandbox, the rails simulator's. */
    @Bean
    CardVault cardVault(@Value("${paywire.rails.card-processor-base-url}") String processorBaseUrl) {
        return new ProcessorCardVault(processorBaseUrl);
    }

    private static IllegalStateException unknown(String property, String value) {
        return new IllegalStateException(property + " is " + value + "; the implementations known are: " + SANDBOX);
    }
}
