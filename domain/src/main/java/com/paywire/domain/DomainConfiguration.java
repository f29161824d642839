package com.paywire.domain;

import com.paywire.persistence.PersistenceConfiguration;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Import this from an application (the API, the worker) to get the business rules and rail protocols as beans,
 * with the stores they use.
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan
@Import(PersistenceConfiguration.class)
public class DomainConfiguration {
}
