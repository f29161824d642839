package com.paywire.api.support;

import com.paywire.api.ApiApplication;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ContextConfiguration;

/**
 * An API test: the real application on a random port, a real PostgreSQL (own database per context),
 * Temporal's test service over gRPC, and a clock the test can move.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(classes = ApiApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.config.name=" + ApiApplication.CONFIG_NAME, "spring.profiles.active=local"})
@Import(ApiTestConfiguration.class)
@ContextConfiguration(initializers = EmbeddedServicesInitializer.class)
public @interface ApiTest {
}
