package com.paywire.api;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.RawHttp;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Bad input of every kind, to every operation the OpenAPI document lists, built from the document alone: a new
 * operation is covered without new test code. Each answer must be a 4xx in the error shape the document gives
 * for that status, free of stack traces, class names and the card number sent, and nothing may be stored.
 */
@ApiTest
class BadInputSuiteTest {

    private static final JsonMapper JSON = new JsonMapper();
    /** Sent where a careless error message would quote it back. */
    private static final String CARD = "4111111111111111";
    private static final String JSON_TYPE = "application/json";
    private static final String FORM_TYPE = "application/x-www-form-urlencoded";
    private static final int OVER_THE_LIMIT = 1024 * 1024 + 64 * 1024;
    private static final List<String> BROKEN_ENCODINGS = List.of("%", "%zz", "%ff");
    /** A high surrogate alone, a low one alone, and the two reversed: JSON escapes that spell no Unicode text. */
    private static final List<String> LONE_SURROGATES = List.of("\\ud800", "\\udfff", "\\udc00\\ud800");
    /** U+D800 as UTF-8 would spell it if it could (CESU-8): not UTF-8. */
    private static final String ENCODED_SURROGATE = "%ed%a0%80";
    private static final List<String> HUGE_NUMBERS = List.of("1e400", "1e18", "123456789012345678901234567890");

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;

    @TestFactory
    Stream<DynamicNode> givenBadInput_everyOperationShouldRefuseIt_inItsDocumentedShape_andStoreNothing() {
        String token = ApiClientHelper.token(ApiClientHelper.client(port), SANDBOX_ID, SANDBOX_SECRET);
        String operatorToken = ApiClientHelper.token(ApiClientHelper.client(port), AdminApi.OPERATOR_ID,
                AdminApi.OPERATOR_SECRET);
        ParseOptions inline = new ParseOptions();
        inline.setResolve(true);
        inline.setResolveFully(true);
        OpenAPI api = new OpenAPIV3Parser().readContents(
                RawHttp.send(port, "GET", "/v3/api-docs", Map.of(), null).body(), null, inline).getOpenAPI();
        Map<String, Long> rowsBefore = rowCounts();

        List<DynamicNode> operations = new ArrayList<>();
        new TreeMap<>(api.getPaths()).forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            Target target = new Target(method.name(), path, operation, path.equals("/connect/token") ? null
                    : needsOperator(operation) ? operatorToken : token);
            operations.add(DynamicContainer.dynamicContainer(method + " " + path,
                    cases(target).stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(target, c)))));
        }));
        assertThat(operations).hasSizeGreaterThan(30);
        return Stream.concat(operations.stream(), Stream.of(DynamicTest.dynamicTest("nothing was stored",
                () -> assertThat(rowCounts()).isEqualTo(rowsBefore))));
    }

    /**
     * The operator's operations (administration and operations), which no merchant token, the sandbox client's
     * included, may call: they take the operator's token.
     */
    private static boolean needsOperator(Operation operation) {
        return operation.getSecurity() != null && operation.getSecurity().stream()
                .anyMatch(requirement -> requirement.values().stream()
                        .anyMatch(scopes -> scopes.contains("admin") || scopes.contains("operations")));
    }

    /** One operation of the document, with its path parameters filled. */
    private record Target(String method, String template, Operation operation, String token) {

        String path() {
            String path = template;
            for (Parameter p : parameters("path")) {
                path = path.replace("{" + p.getName() + "}", "uuid".equals(p.getSchema().getFormat())
                        ? "00000000-0000-0000-0000-000000000000" : "x-1");
            }
            return path;
        }

        List<Parameter> parameters(String in) {
            return operation.getParameters() == null ? List.of()
                    : operation.getParameters().stream().filter(p -> in.equals(p.getIn())).toList();
        }

        Map<String, MediaType> bodies() {
            return operation.getRequestBody() == null ? Map.of() : operation.getRequestBody().getContent();
        }
    }

    /** A request and what its answer must say: the status, and the field it must name (null: none in particular). */
    private record Case(String name, String query, String contentType, byte[] body, boolean chunked, int status,
                        String field) {

        static Case query(String name, String query, int status, String field) {
            return new Case(name, query, null, null, false, status, field);
        }

        static Case body(String name, String contentType, String body, int status, String field) {
            return new Case(name, null, contentType, body.getBytes(StandardCharsets.UTF_8), false, status, field);
        }
    }

    private static List<Case> cases(Target target) {
        List<Case> cases = new ArrayList<>();
        List<Parameter> query = target.parameters("query");
        String someParameter = query.isEmpty() ? "x" : query.get(0).getName();
        for (String broken : BROKEN_ENCODINGS) {
            cases.add(Case.query("percent-encoding " + broken + " in the query", someParameter + "=" + broken, 400,
                    someParameter));
        }
        cases.add(Case.query("NUL in an undocumented query parameter", "x=a%00b", 400, "x"));
        for (Parameter p : query) {
            cases.add(Case.query("NUL in query parameter " + p.getName(), p.getName() + "=a%00b", 400, p.getName()));
            cases.add(Case.query("an encoded surrogate in query parameter " + p.getName(),
                    p.getName() + "=a" + ENCODED_SURROGATE + "b", 400, p.getName()));
            if (!"string".equals(type(p.getSchema())) || p.getSchema().getFormat() != null) {
                cases.add(Case.query("card number with a letter in " + p.getName(), p.getName() + "=" + CARD + "x",
                        400, p.getName()));
            }
            if (Set.of("integer", "number").contains(type(p.getSchema()))) {
                HUGE_NUMBERS.forEach(huge -> cases.add(Case.query(huge + " in " + p.getName(), p.getName() + "=" + huge,
                        400, p.getName())));
            }
        }
        target.bodies().forEach((contentType, media) -> {
            if (contentType.equals(JSON_TYPE)) {
                jsonCases(media.getSchema(), cases);
            } else if (contentType.equals(FORM_TYPE)) {
                formCases(media.getSchema(), cases);
            }
        });
        return cases;
    }

    private static void jsonCases(Schema<?> schema, List<Case> cases) {
        cases.add(Case.body("malformed JSON quoting a card number", JSON_TYPE, "{\"a\": tru" + CARD + ", ", 400, "$"));
        cases.add(new Case("a valid body grown over the size limit", null, JSON_TYPE,
                ("{\"padding\":\"" + "a".repeat(OVER_THE_LIMIT) + "\"}").getBytes(StandardCharsets.UTF_8), false, 413, null));
        cases.add(new Case("a body growing over the size limit in chunks", null, JSON_TYPE,
                ("{\"padding\":\"" + "a".repeat(OVER_THE_LIMIT) + "\"}").getBytes(StandardCharsets.UTF_8), true, 413, null));
        cases.add(Case.body("NUL in a property name", JSON_TYPE, "{\"na\\u0000me\":1}", 400, "na\\u0000me"));
        // the JSON parser itself refuses a name that is not Unicode text: the whole body is named
        cases.add(Case.body("a lone surrogate in a property name", JSON_TYPE, "{\"na\\ud800me\":1}", 400, "$"));
        List<Field> fields = new ArrayList<>();
        collectFields(schema, List.of(), fields, 0);
        cases.add(Case.body("NUL in an undocumented string", JSON_TYPE, "{\"extra\":\"a\\u0000b\"}", 400, "extra"));
        for (Field field : fields) {
            String type = type(field.schema());
            if ("string".equals(type)) {
                cases.add(Case.body("NUL in " + field.path(), JSON_TYPE, field.bodyWith("\"a\\u0000b\""), 400, field.path()));
                LONE_SURROGATES.forEach(lone -> cases.add(Case.body("lone surrogate " + lone + " in " + field.path(),
                        JSON_TYPE, field.bodyWith("\"x" + lone + "y\""), 400, field.path())));
            }
            String wrong = switch (type == null ? "" : type) {
                case "string" -> "[" + CARD + "]";
                case "integer", "number" -> "\"" + CARD + " x\"";
                case "boolean" -> CARD;
                case "array", "object" -> "\"" + CARD + "\"";
                default -> null;
            };
            if (wrong != null) {
                cases.add(Case.body("wrong type in " + field.path() + ": " + wrong, JSON_TYPE, field.bodyWith(wrong), 400,
                        field.path()));
            }
            // JSON of another type is never bent to fit: not true or 1 as the text "true" or "1" (nor 1 as an
            // enum's second constant), not 1.5 as the whole number 1
            if ("string".equals(type) && !takesNumbers(field.schema())) {
                for (String other : new String[] {"true", "1", "1.5"}) {
                    cases.add(Case.body(other + " where " + field.path() + " wants a string", JSON_TYPE,
                            field.bodyWith(other), 400, field.path()));
                }
            }
            if ("integer".equals(type)) {
                for (String fraction : new String[] {"1.5", "0.5"}) {
                    cases.add(Case.body(fraction + " where " + field.path() + " wants a whole number", JSON_TYPE,
                            field.bodyWith(fraction), 400, field.path()));
                }
            }
            if ("integer".equals(type) || "number".equals(type)) {
                HUGE_NUMBERS.forEach(huge -> cases.add(Case.body(huge + " in " + field.path(), JSON_TYPE,
                        field.bodyWith(huge), 400, field.path())));
            }
            if ("array".equals(type)) {
                cases.add(Case.body("null element in " + field.path(), JSON_TYPE, field.bodyWith("[null]"), 400,
                        field.path() + "[0]"));
            }
        }
    }

    private static void formCases(Schema<?> schema, List<Case> cases) {
        for (String broken : BROKEN_ENCODINGS) {
            cases.add(Case.body("percent-encoding " + broken + " in the form", FORM_TYPE, "a=" + broken, 400, null));
        }
        if (schema.getProperties() != null) {
            schema.getProperties().keySet().forEach(name -> {
                cases.add(Case.body("NUL in form field " + name, FORM_TYPE, name + "=a%00b", 400, name));
                cases.add(Case.body("an encoded surrogate in form field " + name, FORM_TYPE,
                        name + "=a" + ENCODED_SURROGATE + "b", 400, null));
            });
        }
        cases.add(Case.body("a form over the size limit", FORM_TYPE, "a=" + "b".repeat(OVER_THE_LIMIT), 413, null));
        cases.add(new Case("a form growing over the size limit in chunks", null, FORM_TYPE,
                ("a=" + "b".repeat(OVER_THE_LIMIT)).getBytes(StandardCharsets.UTF_8), true, 413, null));
    }

    /** A property of the body at some depth: its path as segments (names, and 0 for an array's element). */
    private record Field(List<Object> segments, Schema<?> schema) {

        String path() {
            StringBuilder path = new StringBuilder();
            for (Object segment : segments) {
                if (segment instanceof Integer index) {
                    path.append('[').append(index).append(']');
                } else {
                    path.append(path.isEmpty() ? "" : ".").append(segment);
                }
            }
            return path.toString();
        }

        /** The smallest body that reaches this field, with the field set to a raw JSON value. */
        String bodyWith(String rawValue) {
            String json = rawValue;
            for (int i = segments.size() - 1; i >= 0; i--) {
                json = segments.get(i) instanceof Integer ? "[" + json + "]"
                        : "{\"" + segments.get(i) + "\":" + json + "}";
            }
            return json;
        }
    }

    private static void collectFields(Schema<?> schema, List<Object> at, List<Field> fields, int depth) {
        if (schema == null || depth > 4) {
            return;
        }
        if (schema.getProperties() != null) {
            schema.getProperties().forEach((name, property) -> {
                List<Object> path = append(at, name);
                fields.add(new Field(path, property));
                collectFields(property, path, fields, depth + 1);
            });
        } else if ("array".equals(type(schema)) && schema.getItems() != null && schema.getItems().getProperties() != null) {
            collectFields(schema.getItems(), append(at, 0), fields, depth + 1);
        }
    }

    private static List<Object> append(List<Object> path, Object segment) {
        List<Object> longer = new ArrayList<>(path);
        longer.add(segment);
        return longer;
    }

    /** Whether the document lets the field be a JSON number as well as a string (an amount written either way). */
    private static boolean takesNumbers(Schema<?> schema) {
        return schema.getTypes() != null && (schema.getTypes().contains("number") || schema.getTypes().contains("integer"));
    }

    /** OpenAPI 3.1 lists types ("string", "null"); 3.0 has one. */
    private static String type(Schema<?> schema) {
        if (schema.getType() != null) {
            return schema.getType();
        }
        return schema.getTypes() == null ? null
                : schema.getTypes().stream().filter(t -> !"null".equals(t)).findFirst().orElse(null);
    }

    private void check(Target target, Case c) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (target.token() != null) {
            headers.put("Authorization", "Bearer " + target.token());
        }
        String contentType = c.contentType() != null ? c.contentType()
                : target.bodies().keySet().stream().findFirst().orElse(null);
        byte[] body = c.body() != null ? c.body()
                : contentType == null ? null : (JSON_TYPE.equals(contentType) ? "{}" : "").getBytes(StandardCharsets.UTF_8);
        if (contentType != null) {
            headers.put("Content-Type", contentType);
        }
        String uri = target.path() + (c.query() == null ? "" : "?" + c.query());
        RawHttp.Response response = c.chunked()
                ? RawHttp.sendChunked(port, target.method(), uri, headers, body, 64 * 1024)
                : RawHttp.send(port, target.method(), uri, headers, body);

        assertThat(response.status()).as(response.body()).isEqualTo(c.status());
        assertThat(response.body()).doesNotContain(CARD, "java.", "tools.jackson", "com.paywire", "Exception", "\tat ");
        JsonNode answer = JSON.readTree(response.body());
        assertThat(answer.isObject()).as(response.body()).isTrue();
        assertThat(new ArrayList<>(answer.propertyNames())).as(response.body())
                .containsExactlyInAnyOrderElementsOf(documentedShape(target.operation(), response.status()));
        if (answer.has("error")) {
            // RFC 6749's error body names no fields: the code is all a client may rely on
            assertThat(answer.get("error").asString()).isEqualTo("invalid_request");
        } else if (c.field() != null) {
            assertThat(named(answer)).as(response.body()).contains(c.field());
        }
    }

    /** The properties of the error body the document gives for this status (or its default). */
    private static Set<String> documentedShape(Operation operation, int status) {
        ApiResponse documented = operation.getResponses().get(String.valueOf(status));
        if (documented == null) {
            documented = operation.getResponses().getDefault();
        }
        assertThat(documented).as("a documented answer for " + status).isNotNull();
        return documented.getContent().get(JSON_TYPE).getSchema().getProperties().keySet();
    }

    /** The fields an error body names: those of a field error list, or the keys of a validation problem. */
    private static List<String> named(JsonNode answer) {
        List<String> named = new ArrayList<>();
        JsonNode errors = answer.get("errors");
        if (errors != null && errors.isArray()) {
            errors.forEach(e -> named.add(e.get("field").asString()));
        } else if (errors != null && errors.isObject()) {
            named.addAll(errors.propertyNames());
        }
        return named;
    }

    private Map<String, Long> rowCounts() {
        Map<String, Long> counts = new TreeMap<>();
        // a refused request still counts against its client's rate limit: that bucket is the one row it may write
        jdbc.sql("select table_name from information_schema.tables where table_schema = 'public'"
                        + " and table_type = 'BASE TABLE'"
                        + " and table_name not in ('flyway_schema_history', 'api_rate_limit_buckets')")
                .query(String.class).list()
                .forEach(table -> counts.put(table, jdbc.sql("select count(*) from \"" + table + "\"")
                        .query(Long.class).single()));
        return counts;
    }
}
