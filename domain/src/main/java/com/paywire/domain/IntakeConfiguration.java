package com.paywire.domain;

import com.paywire.domain.payouts.PaymentOrderStarter;
import com.paywire.domain.payouts.PaymentOrderValidator;
import com.paywire.domain.payouts.PaymentOrders;
import com.paywire.domain.payouts.PayoutsProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The intake of clients' requests to move money: payment orders accepted, recorded and started (with their
 * outbox sweep). Import it, next to {@link DomainConfiguration}, in the role that accepts those requests (the
 * API) and in no other: it needs that role's settings ({@code paywire.payouts}), and the worker accepts nothing.
 * For that reason {@link DomainConfiguration}'s scan leaves it out, and the classes it imports are no components.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(PayoutsProperties.class)
@Import({PaymentOrders.class, PaymentOrderValidator.class, PaymentOrderStarter.class})
public class IntakeConfiguration {
}
