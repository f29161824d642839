package com.paywire.activities.rails;

import com.paywire.domain.rails.HttpPayoutRail;
import com.paywire.domain.rails.PayoutRail;
import com.paywire.domain.rails.PayoutRailProtocol;
import com.paywire.domain.rails.accountregistry.AccountRegistry;
import com.paywire.domain.rails.accountregistry.HttpAccountRegistry;
import com.paywire.domain.rails.airtime.AirtimeRail;
import com.paywire.domain.rails.airtime.HttpAirtimeRail;
import com.paywire.domain.rails.biller.BillerRail;
import com.paywire.domain.rails.biller.HttpBillerRail;
import com.paywire.domain.rails.cardprocessor.CardProcessor;
import com.paywire.domain.rails.cardprocessor.HttpCardProcessor;
import com.paywire.domain.rails.identity.HttpIdentityRegistry;
import com.paywire.domain.rails.identity.IdentityRegistry;
import com.paywire.domain.rails.mobilemoney.HttpPromptRail;
import com.paywire.domain.rails.mobilemoney.HttpReversalRail;
import com.paywire.domain.rails.mobilemoney.PromptRail;
import com.paywire.domain.rails.mobilemoney.ReversalRail;
import com.paywire.vocabulary.rails.Rail;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The rails the activities call, over HTTP where {@link RailsProperties} says they are, each call timed into the
 * role's meters. The clients themselves live with their rail's protocol, in the domain's {@code rails} packages.
 */
@Configuration(proxyBeanMethods = false)
class RailClientsConfiguration {

    @Bean
    PayoutRail mobileMoneyPayouts(RailsProperties properties, MeterRegistry meters) {
        return payoutRail(Rail.MOBILE_MONEY, properties.mobileMoneyBaseUrl(), properties, meters);
    }

    @Bean
    PayoutRail bankPayouts(RailsProperties properties, MeterRegistry meters) {
        return payoutRail(Rail.BANK, properties.bankBaseUrl(), properties, meters);
    }

    @Bean
    PromptRail promptRail(RailsProperties properties, MeterRegistry meters) {
        return new HttpPromptRail(properties.mobileMoneyBaseUrl(), properties.callbackBaseUrl(),
                properties.connectTimeout(), properties.readTimeout(), meters);
    }

    /** The mobile-money rail's reversal of a payment it made, which pays a payer back (issue 45). */
    @Bean
    ReversalRail reversalRail(RailsProperties properties, MeterRegistry meters) {
        return new HttpReversalRail(properties.mobileMoneyBaseUrl(), properties.callbackBaseUrl(),
                properties.connectTimeout(), properties.readTimeout(), meters);
    }

    @Bean
    AccountRegistry accountRegistry(RailsProperties properties, MeterRegistry meters) {
        return new HttpAccountRegistry(properties.mobileMoneyBaseUrl(), properties.bankBaseUrl(),
                properties.connectTimeout(), properties.readTimeout(), meters);
    }

    @Bean
    IdentityRegistry identityRegistry(RailsProperties properties, MeterRegistry meters) {
        return new HttpIdentityRegistry(properties.identityRegistryBaseUrl(), properties.connectTimeout(),
                properties.readTimeout(), meters);
    }

    @Bean
    AirtimeRail airtimeRail(RailsProperties properties, MeterRegistry meters) {
        return new HttpAirtimeRail(properties.airtimeBaseUrl(), properties.connectTimeout(), properties.readTimeout(),
                meters);
    }

    /** Payments and their status; the account lookup a client waits for is {@code BillerAccounts}'s own. */
    @Bean
    BillerRail billerRail(RailsProperties properties, MeterRegistry meters) {
        return new HttpBillerRail(properties.billerBaseUrl(), properties.connectTimeout(), properties.readTimeout(),
                meters);
    }

    @Bean
    CardProcessor cardProcessor(RailsProperties properties, MeterRegistry meters) {
        return new HttpCardProcessor(properties.cardProcessorBaseUrl(), properties.callbackBaseUrl(),
                properties.connectTimeout(),
                properties.readTimeout(), meters);
    }

    private static PayoutRail payoutRail(Rail rail, String baseUrl, RailsProperties properties, MeterRegistry meters) {
        return new HttpPayoutRail(PayoutRailProtocol.of(rail), baseUrl, properties.callbackBaseUrl(),
                properties.connectTimeout(), properties.readTimeout(), meters);
    }
}
