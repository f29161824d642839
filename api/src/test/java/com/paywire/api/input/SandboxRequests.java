package com.paywire.api.input;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/** What the input tests share: the sandbox client's JSON requests over a raw connection, and row counts. */
abstract class SandboxRequests {

    static final String CARDS = "/apps/graph/api/v1/cards";
    static final JsonMapper JSON = new JsonMapper();

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    /** Bearer token and JSON content type. */
    Map<String, String> headers;

    @BeforeEach
    void sandboxHeaders() {
        headers = ApiClientHelper.sandboxJsonHeaders(port);
    }

    RawHttp.Response post(String path, String body) {
        return post(path, headers, body);
    }

    RawHttp.Response post(String path, Map<String, String> headers, String body) {
        return RawHttp.send(port, "POST", path, headers, body.getBytes(StandardCharsets.UTF_8));
    }

    int rows(String table) {
        return jdbc.sql("select count(*) from " + table).query(Integer.class).single();
    }
}
