package com.paywire.api.routes;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.auth.ClientSecretHasher;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.persistence.clients.ApiClient;
import com.paywire.persistence.clients.ApiClientStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

@ApiTest
class AssignedRoutesTest extends ApiTestBase {

    @Autowired
    ApiClientStore clients;

    @Test
    void givenTheSandboxClient_itShouldSeeEveryRouteWithTheDocumentedShape() {
        JsonNode routes = routesOf(ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET)).getBody().get("routes");

        assertThat(categories(routes)).containsExactly("MOBILE_WALLET", "BANK_TRANSFER", "BUSINESS_PAYBILL",
                "BUSINESS_TILL", "EXPRESS_DEPOSIT", "KYC", "ACCOUNT_VALIDATION", "AIRTIME", "BILL_PAYMENT", "CARD",
                "CHECKOUT");
        JsonNode mobile = routes.get(0);
        assertThat(new ArrayList<>(mobile.propertyNames())).containsExactly("id", "category", "categoryDescription",
                "transactionTypeId", "categoryIsEnabled", "routeIntergration", "country", "routeIsActive",
                "channelTypes");
        assertThat(mobile.get("id").asString()).isEqualTo("4a3e1249-51a2-4c57-8b74-166d7f689460");
        assertThat(mobile.get("transactionTypeId").asInt()).isEqualTo(1);
        assertThat(mobile.get("routeIntergration").asString()).isEqualTo("MOBILE_MONEY");
        List<Integer> channelTypes = new ArrayList<>();
        mobile.get("channelTypes").forEach(c -> channelTypes.add(c.get("channelType").asInt()));
        assertThat(channelTypes).containsExactly(63902, 63903, 63907);
        assertThat(mobile.get("channelTypes").get(0).get("channelDescription").asString()).isEqualTo("Safaricom M-PESA");
    }

    @Test
    void givenAClientAssignedOnlyBankTransfers_itShouldSeeOnlyItsOwnRoute() {
        clients.register(new ApiClient("tenant-b", "Tenant B", ClientSecretHasher.hash("b-secret"), Set.of("accounts")),
                List.of("BANK_TRANSFER"));

        JsonNode routes = routesOf(ApiClientHelper.token(http, "tenant-b", "b-secret")).getBody().get("routes");

        assertThat(categories(routes)).containsExactly("BANK_TRANSFER");
    }

    private ResponseEntity<JsonNode> routesOf(String token) {
        ResponseEntity<JsonNode> response = http.get().uri("/v1/transaction-routes/assigned-routes")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        return response;
    }

    private static List<String> categories(JsonNode routes) {
        List<String> categories = new ArrayList<>();
        routes.forEach(r -> categories.add(r.get("category").asString()));
        return categories;
    }
}
