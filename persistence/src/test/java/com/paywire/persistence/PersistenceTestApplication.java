package com.paywire.persistence;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;

/** The persistence layer alone on a real PostgreSQL: migrations, repositories, stores, ledger. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(PersistenceConfiguration.class)
public class PersistenceTestApplication {
}
