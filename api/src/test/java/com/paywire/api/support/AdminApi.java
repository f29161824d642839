package com.paywire.api.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The operator's API for clients as the tests call it, with the local operator's token unless given another. */
public final class AdminApi {

    public static final String OPERATOR_ID = "paywire-operator";
    public static final String OPERATOR_SECRET = "operator-secret";
    public static final String CLIENTS = "/v1/admin/clients";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** A client created through the API, with the secret it was shown once. */
    public record Created(String clientId, String secret, JsonNode answer) {
    }

    private final RestClient http;
    private final String operatorToken;

    public AdminApi(RestClient http) {
        this.http = http;
        this.operatorToken = ApiClientHelper.operatorToken(http);
    }

    public String operatorToken() {
        return operatorToken;
    }

    /** Creates a client of this name with every route (and a float, unless null), asserting 201. */
    public Created create(String name, String openingFloat) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        if (openingFloat != null) {
            body.put("float", openingFloat);
        }
        ResponseEntity<JsonNode> created = post(CLIENTS, body, operatorToken);
        assertThat(created.getStatusCode().value()).as("%s", created.getBody()).isEqualTo(201);
        return new Created(created.getBody().get("clientId").asString(),
                created.getBody().get("clientSecret").asString(), created.getBody());
    }

    public ResponseEntity<JsonNode> post(String path, Object body) {
        return post(path, body, operatorToken);
    }

    /** @param body null: no body at all */
    public ResponseEntity<JsonNode> post(String path, Object body, String bearer) {
        var request = http.post().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer);
        if (body != null) {
            request = request.contentType(MediaType.APPLICATION_JSON).body(JSON.writeValueAsString(body));
        }
        return request.retrieve().toEntity(JsonNode.class);
    }

    public ResponseEntity<JsonNode> put(String path, Object body, String bearer) {
        return http.put().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer)
                .contentType(MediaType.APPLICATION_JSON).body(JSON.writeValueAsString(body))
                .retrieve().toEntity(JsonNode.class);
    }

    public ResponseEntity<JsonNode> get(String path) {
        return get(path, operatorToken);
    }

    public ResponseEntity<JsonNode> get(String path, String bearer) {
        return http.get().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer).retrieve()
                .toEntity(JsonNode.class);
    }
}
