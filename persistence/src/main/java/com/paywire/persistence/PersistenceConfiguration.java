package com.paywire.persistence;

import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;

/** Import this from an application to get the shared repositories and stores. */
@Configuration(proxyBeanMethods = false)
@ComponentScan
@EnableJdbcRepositories
public class PersistenceConfiguration {
}
