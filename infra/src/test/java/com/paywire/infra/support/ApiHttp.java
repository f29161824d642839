package com.paywire.infra.support;

import java.time.Duration;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/** How the system tests call an API under test. */
public final class ApiHttp {

    /** The API answers in milliseconds: an answer that takes this long is a hang, and the test should say so. */
    private static final Duration READ_TIMEOUT = Duration.ofMinutes(1);

    private ApiHttp() {
    }

    /** A client that returns every answer, errors included, instead of throwing. */
    public static RestClient client(String baseUrl) {
        JdkClientHttpRequestFactory requests = new JdkClientHttpRequestFactory();
        requests.setReadTimeout(READ_TIMEOUT);
        return RestClient.builder().baseUrl(baseUrl).requestFactory(requests)
                .defaultStatusHandler(status -> true, (request, response) -> { }).build();
    }
}
