package com.paywire.api.clients;

import static com.paywire.api.support.AdminApi.CLIENTS;
import static com.paywire.api.support.JsonAnswers.assertNotFound;
import static com.paywire.api.support.JsonAnswers.fields;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.persistence.clients.ApiClientStore;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/** The name payers see for a client, set by the operator when creating it and changed later. */
@ApiTest
class ClientDisplayNameApiTest extends ApiTestBase {

    @Autowired
    ApiClientStore clients;
    AdminApi admin;

    @BeforeEach
    void asTheOperator() {
        admin = new AdminApi(http);
    }

    @Test
    void givenADisplayNameOnCreate_itShouldBeAnsweredListedAndShownToPayers_andAChangeTakeItsPlace() {
        ResponseEntity<JsonNode> created = admin.post(CLIENTS, Map.of("name", "Kamau Traders Ltd",
                "displayName", "Kamau's Corner Shop"));
        assertThat(created.getStatusCode().value()).as("%s", created.getBody()).isEqualTo(201);
        String clientId = created.getBody().get("clientId").asString();
        assertThat(created.getBody().get("displayName").asString()).isEqualTo("Kamau's Corner Shop");
        assertThat(admin.get(CLIENTS + "/" + clientId).getBody().get("displayName").asString())
                .isEqualTo("Kamau's Corner Shop");
        assertThat(clients.displayName(clientId)).contains("Kamau's Corner Shop");

        ResponseEntity<JsonNode> changed = admin.put(CLIENTS + "/" + clientId + "/display-name",
                Map.of("displayName", "  Kamau Fresh  "), admin.operatorToken());

        assertThat(changed.getStatusCode().value()).as("%s", changed.getBody()).isEqualTo(200);
        assertThat(changed.getBody().get("displayName").asString()).isEqualTo("Kamau Fresh");
        assertThat(changed.getBody().get("name").asString()).isEqualTo("Kamau Traders Ltd");
        assertThat(clients.displayName(clientId)).contains("Kamau Fresh");

        Map<String, Object> none = new HashMap<>();
        none.put("displayName", null);
        JsonNode cleared = admin.put(CLIENTS + "/" + clientId + "/display-name", none, admin.operatorToken())
                .getBody();
        assertThat(cleared.get("displayName").isNull()).isTrue();
        assertThat(clients.displayName(clientId)).as("payers see the name again").contains("Kamau Traders Ltd");
    }

    @Test
    void givenNoDisplayName_theClientShouldAnswerNull_andPayersSeeItsName() {
        AdminApi.Created created = admin.create("Plain Name Shop", null);

        assertThat(created.answer().get("displayName").isNull()).isTrue();
        assertThat(clients.displayName(created.clientId())).contains("Plain Name Shop");
    }

    @Test
    void givenADisplayNameTooLongOrWithControlCharacters_itShouldBeRefusedNamingTheField() {
        String clientId = admin.create("Display Rules", null).clientId();

        assertThat(fields(admin.post(CLIENTS, Map.of("name", "Long", "displayName", "x".repeat(101)))))
                .containsExactly("displayName");
        assertThat(fields(admin.post(CLIENTS, Map.of("name", "Tab", "displayName", "Tab\tShop"))))
                .containsExactly("displayName");
        assertThat(fields(admin.put(CLIENTS + "/" + clientId + "/display-name",
                Map.of("displayName", "Line\nbreak"), admin.operatorToken()))).containsExactly("displayName");
        assertThat(admin.get(CLIENTS + "/" + clientId).getBody().get("displayName").isNull()).isTrue();
        assertNotFound(admin.put(CLIENTS + "/no-such-client/display-name", Map.of("displayName", "Nobody"),
                admin.operatorToken()));
    }
}
