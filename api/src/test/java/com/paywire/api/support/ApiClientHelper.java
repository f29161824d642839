package com.paywire.api.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.web.client.RestClient;

/** HTTP helpers over a real connection to the test server. Non-2xx answers are returned, not thrown. */
public final class ApiClientHelper {

    public static final String SANDBOX_ID = "paywire-sandbox";
    public static final String SANDBOX_SECRET = "sandbox-secret";

    private ApiClientHelper() {
    }

    public static RestClient client(int port) {
        // the JDK's client, which follows no redirect: the tests read each 303 themselves (Apache HttpClient, on the
        // classpath for the rails' calls, would be chosen otherwise, and follows them)
        return RestClient.builder().baseUrl("http://localhost:" + port)
                .requestFactory(new JdkClientHttpRequestFactory())
                .defaultStatusHandler(status -> true, (request, response) -> { })
                .build();
    }

    /** The headers of a JSON request by the sandbox client, for {@link RawHttp}. */
    public static Map<String, String> sandboxJsonHeaders(int port) {
        return Map.of(HttpHeaders.AUTHORIZATION, "Bearer " + token(client(port), SANDBOX_ID, SANDBOX_SECRET),
                HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_JSON_VALUE);
    }

    /** A token of the local operator client, which holds the admin and operations scopes. */
    public static String operatorToken(RestClient client) {
        return token(client, AdminApi.OPERATOR_ID, AdminApi.OPERATOR_SECRET);
    }

    public static String token(RestClient client, String clientId, String secret) {
        return token(client, clientId, secret, null);
    }

    /** @param scope the scopes to ask for, space separated; null: every scope the client holds */
    public static String token(RestClient client, String clientId, String secret, String scope) {
        var form = new LinkedMultiValueMap<String, String>();
        form.add("grant_type", "client_credentials");
        form.add("client_id", clientId);
        form.add("client_secret", secret);
        if (scope != null) {
            form.add("scope", scope);
        }
        var response = client.post().uri("/connect/token").contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(form).retrieve().toEntity(Map.class);
        assertThat(response.getStatusCode().value()).as("token request for %s", clientId).isEqualTo(200);
        return (String) response.getBody().get("access_token");
    }
}
