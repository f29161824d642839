package com.paywire.activities;

import com.paywire.domain.DomainConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import com.paywire.activities.rails.RailsProperties;

/** Import this from the worker to get every activity implementation as a bean. */
@Configuration(proxyBeanMethods = false)
@ComponentScan
@Import(DomainConfiguration.class)
@EnableConfigurationProperties(RailsProperties.class)
public class ActivitiesConfiguration {
}
