package com.paywire.api.platform;

import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ErrorBodies;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.OAuthFlow;
import io.swagger.v3.oas.models.security.OAuthFlows;
import io.swagger.v3.oas.models.security.Scopes;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.List;
import java.util.stream.Collectors;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The OpenAPI document's frame: OAuth2 client credentials, and on every operation the scope it needs. */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

    private static final String OAUTH2 = "oauth2";

    @Bean
    OpenAPI paywireOpenApi() {
        Scopes scopes = new Scopes();
        for (Scope scope : Scope.values()) {
            scopes.addString(scope.value(), scope.description());
        }
        return new OpenAPI()
                .info(new Info().title("Paywire API").version("v1")
                        .description("Payouts, pay-ins, card payments, checkout, KYC and bills. Every operation "
                                + "names the scope its token needs. Click Authorize and give your client id and "
                                + "secret (client credentials), or get a token from POST /connect/token."))
                .components(new Components().addSecuritySchemes(OAUTH2, new SecurityScheme()
                        .type(SecurityScheme.Type.OAUTH2)
                        .flows(new OAuthFlows().clientCredentials(new OAuthFlow()
                                .tokenUrl("/connect/token").scopes(scopes)))));
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
                operation.getResponses().putIfAbsent("401", OpenApiContractConfiguration.errorResponse(
                        "No token, or one that is expired, malformed, or of a client that is gone or disabled",
                        ErrorBodies.OAuthError.class));
                operation.getResponses().putIfAbsent("403", OpenApiContractConfiguration.errorResponse(
                        "The token lacks the scope " + names + " (error insufficient_scope, with scope)",
                        ErrorBodies.OAuthError.class));
            }
            return operation;
        };
    }

}
