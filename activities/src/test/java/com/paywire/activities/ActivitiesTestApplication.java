package com.paywire.activities;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;

/** The activities as the worker wires them, on a real PostgreSQL. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(ActivitiesConfiguration.class)
public class ActivitiesTestApplication {
}
