package com.paywire.api.platform;

import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ErrorBodies;
import com.paywire.api.limits.RateLimitHeaders;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.security.OAuthFlow;
import io.swagger.v3.oas.models.security.OAuthFlows;
import io.swagger.v3.oas.models.security.Scopes;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;

/** The OpenAPI document's frame: OAuth2 client credentials, and on every operation the scope it needs. */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

    private static final String OAUTH2 = "oauth2";
    /**
     * The page's introduction. Its steps name, in bold, exactly the labels Swagger UI's Authorize dialog shows for
     * the one OAuth2 client-credentials scheme (the console's browser test holds them against the dialog).
     */
    static final String DESCRIPTION = """
            Payouts, pay-ins, card payments, checkout, KYC, airtime and bills. Each operation says the token \
            scope it needs.

            To call an operation from this page, click **Authorize**. The dialog shows one scheme, \
            **oauth2 (OAuth2, clientCredentials)**, with the **Token URL** /connect/token:

            1. Type your client's id in **client_id** and its secret in **client_secret** (in the local stack the \
            sandbox client is `paywire-sandbox` / `sandbox-secret`, the operator `paywire-operator` / \
            `operator-secret`).
            2. Under **Scopes**, the checkboxes start unticked: leave them so for a token with every scope your \
            client holds, or tick only the scopes you want (one your client does not hold fails the authorization: \
            invalid_scope).
            3. Click the dialog's **Authorize**; it then reads **Authorized** and offers **Logout**. Click **Close**.

            Every request sent with **Try it out** then carries the token, until it expires: then **Logout** and \
            authorize again. There is no field to paste a token into; outside this page, get one with \
            POST /connect/token and send it as `Authorization: Bearer <token>`.""";

    @Bean
    OpenAPI paywireOpenApi() {
        Scopes scopes = new Scopes();
        for (Scope scope : Scope.values()) {
            scopes.addString(scope.value(), scope.description());
        }
        return new OpenAPI()
                .info(new Info().title("Paywire API").version("v1").description(DESCRIPTION))
                .components(new Components().addSecuritySchemes(OAUTH2, new SecurityScheme()
                        .type(SecurityScheme.Type.OAUTH2)
                        .flows(new OAuthFlows().clientCredentials(new OAuthFlow()
                                .tokenUrl("/connect/token").scopes(scopes)))));
    }

    /** The rate-limit headers, and on a refusal Retry-After too. */
    static Map<String, Header> rateLimitHeaders(boolean refused) {
        Map<String, Header> headers = new LinkedHashMap<>();
        headers.put(RateLimitHeaders.LIMIT, header("the requests of this class the client may make per period"));
        headers.put(RateLimitHeaders.REMAINING, header("how many of them are left now"));
        headers.put(RateLimitHeaders.RESET, header("whole seconds until all of them are available again"));
        if (refused) {
            headers.put(HttpHeaders.RETRY_AFTER, header("whole seconds until one more request is allowed"));
        }
        return headers;
    }

    private static Header header(String description) {
        return new Header().description(description).schema(new IntegerSchema());
    }

    /**
     * Operations without a scope are the public ones (token, health, browser tokenisation): no security. The
     * others name their scope, and the 401 and 403 of RFC 6750 that the bearer check answers.
     */
    @Bean
    OperationCustomizer requiredScopeOfEachOperation() {
        return (operation, handler) -> {
            // several requirements are alternatives in OpenAPI: a token with any one of the scopes may call it
            List<Scope> scopes = Scope.requiredBy(handler);
            operation.setSecurity(scopes.stream()
                    .map(s -> new SecurityRequirement().addList(OAUTH2, s.value())).toList());
            if (!scopes.isEmpty()) {
                String names = scopes.stream().map(s -> "'" + s.value() + "'").collect(Collectors.joining(" or "));
                String needs = "Token scope: " + names + ".";
                operation.setDescription(operation.getDescription() == null ? needs
                        : operation.getDescription() + "\n\n" + needs);
                operation.getResponses().putIfAbsent("401", OpenApiContractConfiguration.errorResponse(
                        "No token, or one that is expired, malformed, or of a client that is gone or disabled",
                        ErrorBodies.OAuthError.class));
                operation.getResponses().putIfAbsent("403", OpenApiContractConfiguration.errorResponse(
                        "The token lacks the scope " + names + " (error insufficient_scope, with scope)",
                        ErrorBodies.OAuthError.class));
                // every answer to a client's token says where its rate limit stands (docs/security.md#rate-limits)
                operation.getResponses().forEach((status, response) -> {
                    if (status.startsWith("2")) {
                        rateLimitHeaders(false).forEach(response::addHeaderObject);
                    }
                });
                operation.getResponses().putIfAbsent("429", OpenApiContractConfiguration.errorResponse(
                        "This client has used its rate limit for this class of operation (writes, or status queries);"
                                + " Retry-After says in how many seconds one more is allowed",
                        ErrorBodies.ReasonError.class).headers(rateLimitHeaders(true)));
            }
            return operation;
        };
    }

}
