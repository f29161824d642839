package com.paywire.domain.settlements;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/** Binds {@code paywire.settlement.*} in both roles (the API makes settlements, the worker runs them). */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SettlementProperties.class)
public class SettlementConfiguration {
}
