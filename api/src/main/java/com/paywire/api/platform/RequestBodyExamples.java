package com.paywire.api.platform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.OpenAPI;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.core.io.ClassPathResource;

/**
 * Puts on every request body of the document the example the API accepts, from
 * {@code openapi/request-examples.json} ("METHOD /path" to the body, or "METHOD /path media/type" to the body of that
 * media type, a string for a body that is not JSON; OpenApiExamplesTest posts each to the server).
 * A string {@code {{now+P7D}}} becomes the time that far ahead in Nairobi (a checkout's due date must lie ahead):
 * the document is built once, when first asked for.
 */
final class RequestBodyExamples implements OpenApiCustomizer {

    static final String RESOURCE = "openapi/request-examples.json";
    private static final Pattern FROM_NOW = Pattern.compile("\\{\\{now\\+(P[^}]+)}}");
    private static final ZoneOffset NAIROBI = ZoneOffset.ofHours(3);

    private final Clock clock;

    RequestBodyExamples(Clock clock) {
        this.clock = clock;
    }

    @Override
    public void customise(OpenAPI openApi) {
        JsonNode examples = read();
        openApi.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            JsonNode example = examples.get(method.name() + " " + path);
            if (operation.getRequestBody() != null) {
                // an operation taking several media types may give each its own ("METHOD /path media/type")
                operation.getRequestBody().getContent().forEach((type, media) -> {
                    JsonNode own = examples.get(method.name() + " " + path + " " + type);
                    JsonNode chosen = own != null ? own : example;
                    if (chosen != null) {
                        media.setExample(Json.mapper().convertValue(withTimes(chosen.deepCopy()), Object.class));
                    }
                });
            }
        }));
    }

    private JsonNode withTimes(JsonNode node) {
        if (node instanceof ObjectNode object) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                Matcher fromNow = FROM_NOW.matcher(field.getValue().asText(""));
                if (field.getValue().isTextual() && fromNow.matches()) {
                    field.setValue(new TextNode(OffsetDateTime.now(clock).withOffsetSameInstant(NAIROBI)
                            .plus(Duration.parse(fromNow.group(1))).truncatedTo(ChronoUnit.MINUTES)
                            .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)));
                } else {
                    withTimes(field.getValue());
                }
            }
        } else if (node.isArray()) {
            node.forEach(this::withTimes);
        }
        return node;
    }

    private static JsonNode read() {
        try (InputStream in = new ClassPathResource(RESOURCE).getInputStream()) {
            return Json.mapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(RESOURCE + " could not be read", e);
        }
    }
}
