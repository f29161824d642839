package com.paywire.api.routes;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.routes.TransactionTypeGuids;
import com.paywire.vocabulary.clients.ApiClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

@ApiTest
class AssignedRoutesTest extends ApiTestBase {

    @Autowired
    ApiClientStore clients;

    @Autowired
    JdbcClient jdbc;

    @Test
    void givenTheSandboxClient_itShouldSeeEveryRouteWithTheDocumentedShape() {
        JsonNode routes = routesOf(ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET)).getBody().get("routes");

        // listed in Paywire's transaction type order: mobile wallet, bank, paybill, till, deposit, KYC, ...
        assertThat(categories(routes)).containsExactly("6", "1", "6", "6", "3", "4", "5", "2", "7", "10", "11");
        assertThat(routes).allSatisfy(r -> {
            assertThat(r.get("category").isString()).isTrue();
            assertThat(r.get("transactionTypeId").isString()).isTrue();
            assertThat(r.get("country").asString()).isEqualTo("KENYA");
        });
        JsonNode mobile = routes.get(0);
        assertThat(new ArrayList<>(mobile.propertyNames())).containsExactly("id", "category", "categoryDescription",
                "transactionTypeId", "categoryIsEnabled", "routeIntergration", "country", "routeIsActive",
                "channelTypes");
        assertThat(mobile.get("id").asString()).isEqualTo("4a3e1249-51a2-4c57-8b74-166d7f689460");
        assertThat(mobile.get("transactionTypeId").asString()).isEqualTo("3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e01");
        assertThat(mobile.get("categoryDescription").asString()).isEqualTo("Business Transfers");
        assertThat(mobile.get("routeIntergration").asString()).isEqualTo("Mpesa");
        assertThat(routes.get(1).get("categoryDescription").asString()).isEqualTo("Bank Transfer");
        assertThat(routes.get(7).get("categoryDescription").asString()).isEqualTo("Airtime Purchase");
        assertThat(routes.get(9).get("categoryDescription").asString()).isEqualTo("Card Payment");
        assertThat(mobile.get("channelTypes").get(0).get("channelType").isInt()).isTrue();
        assertThat(mobile.get("channelTypes").get(0).get("channelDescription").asString()).isEqualTo("M-Pesa");
    }

    @Test
    void givenTheSandboxClient_itShouldSeeTheLiveChannelTypes_andNoDeprecatedCode() {
        JsonNode routes = routesOf(ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET)).getBody().get("routes");

        // Airtel and Telkom wallets keep Paywire's codes: the live recordings show none for them
        assertThat(channelTypes(routes.get(0))).containsExactly("1 M-Pesa", "20 Coop To Mpesa", "63903 Airtel Money",
                "63907 Telkom T-Kash");
        assertThat(channelTypes(routes.get(1))).containsExactly("21 Pesalink Coop to Account", "22 Coop IFT");
        assertThat(channelTypes(routes.get(2))).containsExactly("14 Business PayBill",
                "16 Business To Business Transfer");
        assertThat(channelTypes(routes.get(3))).containsExactly("13 Business Buy Goods");
        assertThat(channelTypes(routes.get(4))).containsExactly("1 M-Pesa", "63903 Airtel Money prompt");
        assertThat(channelTypes(routes.get(7))).containsExactly("7 AfricasTalking Airtime Purchase");
        assertThat(channelTypes(routes.get(9))).containsExactly("158 Card Express Pay");
        assertThat(channelTypes(routes.get(10))).containsExactly("1 M-Pesa", "158 Card Express Pay");
    }

    private static List<String> channelTypes(JsonNode route) {
        List<String> listed = new ArrayList<>();
        route.get("channelTypes").forEach(c -> listed.add(c.get("channelType").asInt() + " "
                + c.get("channelDescription").asString()));
        return listed;
    }

    @Test
    void givenTheGuidOfAListedRoute_inAnyCase_fetchChargesShouldAnswerItsScale_asForPaywiresIntegerId() {
        String token = ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET);
        String bankGuid = routesOf(token).getBody().get("routes").get(1).get("transactionTypeId").asString();

        JsonNode byGuid = charges(token, bankGuid.toUpperCase());
        JsonNode byInteger = charges(token, "2");

        assertThat(byGuid.get("name").asString()).isEqualTo("Bank transfer charge");
        assertThat(byGuid).isEqualTo(byInteger);
        assertThat(http.get().uri("/v1/charge/fetch-charges?transactionTypeId=" + UUID.randomUUID())
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toBodilessEntity()
                .getStatusCode().value()).isEqualTo(404);
    }

    @Test
    void givenAClientWithAShortCode_fetchChargesShouldAnswerThePaybillDepositFee_asARoutesScale_andNoneWithout() {
        String paybill = http.get().uri("/v1/charge/fetch-charges?transactionTypeId=12")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET))
                .retrieve().body(String.class);

        assertThat(paybill).isEqualTo("{\"name\":\"Paybill deposit charge\",\"minimumCharge\":0.01,"
                + "\"currencyName\":\"KES\",\"maximumCharge\":1375.00,\"graduatedScaleList\":[{\"value\":0.55,"
                + "\"rangeLowerLimit\":1.00,\"rangeUpperLimit\":250000.00,\"chargeType\":\"PERCENT\"}]}");
        clients.register(new ApiClient("tenant-d", "Tenant D", ClientSecretHasher.hash("d-secret"), Set.of("accounts")),
                List.of("BANK_TRANSFER"));
        assertThat(http.get().uri("/v1/charge/fetch-charges?transactionTypeId=12")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + ApiClientHelper.token(http, "tenant-d", "d-secret"))
                .retrieve().toBodilessEntity().getStatusCode().value()).as("no short code").isEqualTo(404);
    }

    @Test
    void givenAClientAssignedOnlyBankTransfers_theMobileWalletGuidShouldBeUnknownToIt() {
        clients.register(new ApiClient("tenant-c", "Tenant C", ClientSecretHasher.hash("c-secret"), Set.of("accounts")),
                List.of("BANK_TRANSFER"));

        assertThat(http.get().uri("/v1/charge/fetch-charges?transactionTypeId=3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e01")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + ApiClientHelper.token(http, "tenant-c", "c-secret"))
                .retrieve().toBodilessEntity().getStatusCode().value()).isEqualTo(404);
    }

    @Test
    void givenAClientAssignedOnlyBankTransfers_itShouldSeeOnlyItsOwnRoute() {
        clients.register(new ApiClient("tenant-b", "Tenant B", ClientSecretHasher.hash("b-secret"), Set.of("accounts")),
                List.of("BANK_TRANSFER"));

        JsonNode routes = routesOf(ApiClientHelper.token(http, "tenant-b", "b-secret")).getBody().get("routes");

        assertThat(categories(routes)).containsExactly("1");
    }

    @Test
    void everyRoutesGuid_shouldBeTheOneItsPayoutRecordsAnswer() {
        List<UUID[]> pairs = jdbc.sql("select transaction_type_guid, transaction_type_id from routes")
                .query((rs, n) -> new UUID[] {rs.getObject(1, UUID.class), TransactionTypeGuids.of(rs.getInt(2))})
                .list();

        assertThat(pairs).hasSize(11).allSatisfy(p -> assertThat(p[0]).isEqualTo(p[1]));
    }

    private ResponseEntity<JsonNode> routesOf(String token) {
        ResponseEntity<JsonNode> response = http.get().uri("/v1/transaction-routes/assigned-routes")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        return response;
    }

    private JsonNode charges(String token, String transactionTypeId) {
        return http.get().uri("/v1/charge/fetch-charges?transactionTypeId=" + transactionTypeId)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
    }

    private static List<String> categories(JsonNode routes) {
        List<String> categories = new ArrayList<>();
        routes.forEach(r -> categories.add(r.get("category").asString()));
        return categories;
    }
}
