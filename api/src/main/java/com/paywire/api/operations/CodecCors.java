package com.paywire.api.operations;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;
import org.springframework.web.filter.CorsFilter;

/**
 * Lets the Temporal UI's pages, served from their own origin, call the codec endpoint from the operator's browser:
 * the preflight is answered here, before the bearer token is asked for (a browser sends none with it), and the
 * answers carry the headers the browser needs to hand them to the UI, credentials included (the UI's "include
 * cross-origin credentials" setting). Any other origin is refused; callers without one (the CLI, curl) are not
 * concerned.
 */
@Configuration(proxyBeanMethods = false)
class CodecCors {

    /** @param temporalUiOrigins the origins the Temporal UI is served from, e.g. https://temporal.example.com */
    @ConfigurationProperties("paywire.codec")
    record CodecProperties(List<String> temporalUiOrigins) {

        CodecProperties {
            temporalUiOrigins = temporalUiOrigins == null ? List.of() : List.copyOf(temporalUiOrigins);
        }
    }

    @Bean
    FilterRegistrationBean<CorsFilter> codecCorsFilter(CodecProperties properties) {
        CorsConfiguration cors = new CorsConfiguration();
        cors.setAllowedOrigins(properties.temporalUiOrigins());
        cors.setAllowedMethods(List.of("POST"));
        cors.setAllowedHeaders(List.of(HttpHeaders.AUTHORIZATION, HttpHeaders.CONTENT_TYPE,
                PayloadCodecController.NAMESPACE_HEADER));
        cors.setAllowCredentials(true);
        cors.setMaxAge(Duration.ofMinutes(10));
        UrlBasedCorsConfigurationSource paths = new UrlBasedCorsConfigurationSource();
        paths.registerCorsConfiguration("/codec/**", cors);
        FilterRegistrationBean<CorsFilter> filter = new FilterRegistrationBean<>(new CorsFilter(paths));
        filter.setOrder(Ordered.HIGHEST_PRECEDENCE + 20); // before BearerTokenFilter
        return filter;
    }
}
