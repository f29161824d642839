package com.paywire.api.platform;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.RawHttp;
import io.swagger.v3.oas.annotations.Hidden;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * /v3/api-docs describes exactly what the server accepts. The lint parses it as an OpenAPI
 * parser would; the live half holds it against the running server's request mappings, both ways.
 */
@ApiTest
class OpenApiDocumentTest {

    private static final JsonMapper JSON = new JsonMapper();

    @LocalServerPort
    int port;
    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;
    String document;
    OpenAPI openApi;

    @BeforeEach
    void setUp() {
        document = RawHttp.send(port, "GET", "/v3/api-docs", Map.of(), null).body();
        openApi = new OpenAPIV3Parser().readContents(document, null, new ParseOptions()).getOpenAPI();
    }

    @Test
    void givenTheDocument_aParserShouldFindNothingWrongInIt() {
        ParseOptions resolving = new ParseOptions();
        resolving.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(document, null, resolving);

        assertThat(result.getMessages()).isEmpty();
        assertThat(result.getOpenAPI().getPaths()).isNotEmpty();
    }

    @Test
    void givenTheDocument_everyRefShouldResolve_everyOperationIdBeUnique_andEveryOperationHaveResponses() {
        Set<String> schemas = openApi.getComponents().getSchemas().keySet();
        List<String> dangling = new ArrayList<>();
        collectRefs(JSON.readTree(document), dangling, schemas);
        assertThat(dangling).isEmpty();

        Map<String, Integer> operationIds = new HashMap<>();
        operations().forEach((name, operation) -> {
            operationIds.merge(operation.getOperationId(), 1, Integer::sum);
            assertThat(operation.getResponses()).as(name).isNotEmpty();
            assertThat(operation.getResponses()).as(name).containsKeys("400", "default");
        });
        assertThat(operationIds).allSatisfy((id, count) -> assertThat(count).as(id).isEqualTo(1));
    }

    @Test
    void givenTheDocument_noOperationShouldDeclareTheInternalClientArgument() {
        assertThat(document).doesNotContain("AuthenticatedClient");
        operations().forEach((name, operation) -> assertThat(operation.getParameters() == null ? List.of()
                : operation.getParameters().stream().map(p -> p.getName()).toList()).as(name).doesNotContain("client"));
    }

    @Test
    void givenEveryOperationInTheDocument_theServerShouldHaveIt() {
        String token = ApiClientHelper.token(ApiClientHelper.client(port), SANDBOX_ID, SANDBOX_SECRET);
        operations().forEach((name, operation) -> {
            String[] methodAndPath = name.split(" ", 2);
            String path = methodAndPath[1].replaceAll("\\{[^}]+}", "00000000-0000-0000-0000-000000000000");
            boolean json = operation.getRequestBody() != null
                    && operation.getRequestBody().getContent().containsKey("application/json");
            RawHttp.Response response = RawHttp.send(port, methodAndPath[0], path,
                    json ? Map.of("Authorization", "Bearer " + token, "Content-Type", "application/json")
                            : Map.of("Authorization", "Bearer " + token),
                    json ? "{}".getBytes(StandardCharsets.UTF_8) : null);

            assertThat(response.status()).as(name + ": " + response.body()).isNotEqualTo(405);
            assertThat(response.body()).as(name).doesNotContain("No operation at");
        });
    }

    @Test
    void givenEveryRequestMappingOfTheServer_theDocumentShouldHaveIt_unlessItIsDeliberatelyHidden() {
        Set<String> documented = operations().keySet().stream().map(OpenApiDocumentTest::shape)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> served = new TreeSet<>();
        mappings.getHandlerMethods().forEach((info, handler) -> {
            if (!hidden(handler)) {
                for (String path : info.getPatternValues()) {
                    info.getMethodsCondition().getMethods().forEach(method -> served.add(shape(method + " " + path)));
                }
            }
        });

        assertThat(served).isNotEmpty().isSubsetOf(documented);
        assertThat(documented).isSubsetOf(served);
    }

    @Test
    void givenEveryRecordTakenAsABody_itsSchemaShouldHaveExactlyItsFields_atEveryDepth() {
        mappings.getHandlerMethods().forEach((info, handler) -> {
            for (MethodParameter parameter : handler.getMethodParameters()) {
                if (parameter.hasParameterAnnotation(RequestBody.class) && parameter.getParameterType().isRecord()) {
                    for (String path : info.getPatternValues()) {
                        for (var method : info.getMethodsCondition().getMethods()) {
                            Operation operation = operations().get(method + " " + path);
                            Schema<?> schema = operation.getRequestBody().getContent().get("application/json").getSchema();
                            assertSameFields(method + " " + path, parameter.getParameterType(), schema);
                        }
                    }
                }
            }
        });
    }

    @Test
    void givenEveryOperation_itShouldSayWhatItDoes_inASummary() {
        List<String> withoutSummary = operations().entrySet().stream()
                .filter(e -> e.getValue().getSummary() == null || e.getValue().getSummary().isBlank())
                .map(Map.Entry::getKey).sorted().toList();

        assertThat(withoutSummary).as("operations without a summary").isEmpty();
    }

    @Test
    void givenEveryRequestBody_itShouldShowAnExample_ofEachMediaType() {
        List<String> withoutExample = new ArrayList<>();
        operations().forEach((name, operation) -> {
            if (operation.getRequestBody() != null) {
                operation.getRequestBody().getContent().forEach((type, media) -> {
                    if (media.getExample() == null && (media.getExamples() == null || media.getExamples().isEmpty())) {
                        withoutExample.add(name + " " + type);
                    }
                });
            }
        });

        assertThat(withoutExample.stream().sorted().toList()).as("request bodies without an example").isEmpty();
    }

    @Test
    void givenEverySchemaInComponents_eachOfItsPropertiesShouldBeDescribed() {
        List<String> undescribed = new ArrayList<>();
        new TreeMap<String, Schema>(openApi.getComponents().getSchemas()).forEach((name, schema) -> {
            Map<String, Schema> properties = schema.getProperties();
            if (properties != null) {
                properties.forEach((property, propertySchema) -> {
                    if (!described(propertySchema)) {
                        undescribed.add(name + "." + property);
                    }
                });
            }
        });

        assertThat(undescribed).as("schema properties without a description").isEmpty();
    }

    /** Its own description, or that of the one schema it is (OpenAPI 3.1 keeps a description beside a $ref). */
    private boolean described(Schema<?> property) {
        if (property.getDescription() != null && !property.getDescription().isBlank()) {
            return true;
        }
        if (property.getAllOf() != null && property.getAllOf().size() == 1) {
            return described((Schema<?>) property.getAllOf().get(0));
        }
        if (property.get$ref() != null) {
            Schema<?> target = resolve(property);
            return target.getDescription() != null && !target.getDescription().isBlank();
        }
        return false;
    }

    private void assertSameFields(String where, Class<?> record, Schema<?> schema) {
        Schema<?> resolved = resolve(schema);
        Map<String, Type> fields = new HashMap<>();
        for (RecordComponent component : record.getRecordComponents()) {
            // @JsonProperty does not target record components: Java puts it on the field
            JsonProperty property = field(record, component.getName()).getAnnotation(JsonProperty.class);
            fields.put(property != null && !property.value().isEmpty() ? property.value() : component.getName(),
                    component.getGenericType());
        }
        assertThat(resolved.getProperties()).as(where + " " + schema.get$ref()).isNotNull();
        assertThat(resolved.getProperties().keySet()).as(where + " " + schema.get$ref())
                .containsExactlyInAnyOrderElementsOf(fields.keySet());
        fields.forEach((name, type) -> {
            Schema<?> property = resolved.getProperties().get(name);
            if (type instanceof Class<?> nested && nested.isRecord()) {
                assertSameFields(where + " " + name, nested, property);
            } else if (type instanceof ParameterizedType list && list.getActualTypeArguments()[0] instanceof Class<?> element
                    && element.isRecord()) {
                assertSameFields(where + " " + name + "[]", element, resolve(property).getItems());
            }
        });
    }

    private static java.lang.reflect.Field field(Class<?> record, String name) {
        try {
            return record.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    private Schema<?> resolve(Schema<?> schema) {
        return schema.get$ref() == null ? schema
                : openApi.getComponents().getSchemas().get(schema.get$ref().substring("#/components/schemas/".length()));
    }

    /** "METHOD /path" of every operation in the document. */
    private Map<String, Operation> operations() {
        Map<String, Operation> operations = new HashMap<>();
        openApi.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) ->
                operations.put(method.name() + " " + path, operation)));
        return operations;
    }

    private static String shape(String methodAndPath) {
        return methodAndPath.replaceAll("\\{[^}]+}", "{}");
    }

    private static boolean hidden(HandlerMethod handler) {
        return handler.hasMethodAnnotation(Hidden.class) || handler.getBeanType().isAnnotationPresent(Hidden.class)
                || handler.getBeanType().getName().startsWith("org.springdoc.");
    }

    private static void collectRefs(JsonNode node, List<String> dangling, Set<String> schemas) {
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null && (!ref.asString().startsWith("#/components/schemas/")
                    || !schemas.contains(ref.asString().substring("#/components/schemas/".length())))) {
                dangling.add(ref.asString());
            }
            node.forEach(child -> collectRefs(child, dangling, schemas));
        } else if (node.isArray()) {
            node.forEach(child -> collectRefs(child, dangling, schemas));
        }
    }
}
