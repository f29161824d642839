package com.paywire.domain;

import com.paywire.persistence.PersistenceConfiguration;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.context.annotation.Import;

/**
 * Import this from an application (the API, the worker) to get the business rules and rail protocols as beans,
 * with the stores they use. The intake of clients' requests is the API's alone: it imports
 * {@link IntakeConfiguration} as well.
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan(excludeFilters = @ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = IntakeConfiguration.class))
@Import(PersistenceConfiguration.class)
public class DomainConfiguration {
}
