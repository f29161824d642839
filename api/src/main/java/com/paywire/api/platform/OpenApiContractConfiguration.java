package com.paywire.api.platform;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.errors.ErrorBodies;
import com.paywire.api.errors.ErrorShape;
import com.paywire.api.input.Amount;
import com.paywire.api.input.NumberOrText;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.lang.annotation.Annotation;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springdoc.core.customizers.PropertyCustomizer;
import org.springdoc.core.properties.SpringDocConfigProperties;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Keeps /v3/api-docs an exact description of what the server accepts and answers: the caller resolved from the
 * bearer token is not a parameter, every schema has its own name, and every operation lists its error bodies.
 * (Security and scopes are {@link OpenApiConfiguration}'s.)
 */
@Configuration(proxyBeanMethods = false)
class OpenApiContractConfiguration {

    /** Marks, until the document is whole, a property {@link NumberOrText} reads. */
    private static final String NUMBER_OR_TEXT = "x-paywire-number-or-text";
    private static final Map<ErrorShape.Kind, Class<?>> INPUT_ERROR_BODIES = Map.of(
            ErrorShape.Kind.FIELD_ERROR_LIST, ErrorBodies.FieldErrorList.class,
            ErrorShape.Kind.VALIDATION_PROBLEM, ErrorBodies.ValidationProblem.class,
            ErrorShape.Kind.OAUTH_ERROR, ErrorBodies.OAuthError.class);

    static {
        // resolved from the token by AuthenticatedClientResolver, never sent by the client
        SpringDocUtils.getConfig().addRequestWrapperToIgnore(AuthenticatedClient.class)
                // free-form JSON (a billing address, an event's data), not the Jackson class's getters
                .replaceWithSchema(JsonNode.class, new ObjectSchema());
    }

    /**
     * Nested request and response records are named after their enclosing type ("CardPayments.Transaction",
     * "PaymentOrderRequest.Transaction"): by simple name alone, records of the same name in different
     * operations would share one schema, and one operation would show the other's fields.
     */
    @Bean
    ModelConverter nestedTypeNames() {
        return new ModelConverter() {
            @Override
            public Schema<?> resolve(AnnotatedType type, ModelConverterContext context, Iterator<ModelConverter> chain) {
                Class<?> raw = Json.mapper().constructType(type.getType()).getRawClass();
                io.swagger.v3.oas.annotations.media.Schema named =
                        raw.getAnnotation(io.swagger.v3.oas.annotations.media.Schema.class);
                if ((type.getName() == null || type.getName().isBlank()) && raw.getEnclosingClass() != null
                        && !raw.isEnum() && raw.getName().startsWith("com.paywire.")
                        && (named == null || named.name().isEmpty())) {
                    type.name(nestedName(raw));
                }
                return chain.hasNext() ? chain.next().resolve(type, context, chain) : null;
            }
        };
    }

    private static String nestedName(Class<?> nested) {
        return nested.getEnclosingClass().getSimpleName().replaceFirst("Controller$", "") + "." + nested.getSimpleName();
    }

    /** An amount field's limits ({@code @Amount(limits = ...)}): its minimum, maximum and each rule in words. */
    @Bean
    PropertyCustomizer amountLimits() {
        return (property, type) -> {
            if (type.getCtxAnnotations() == null) {
                return property;
            }
            for (Annotation annotation : type.getCtxAnnotations()) {
                if (annotation instanceof Amount amount && amount.limits().length > 0) {
                    List<AmountLimit> limits = List.of(amount.limits());
                    property.setMinimum(limits.stream().map(AmountLimit::minimum).min(BigDecimal::compareTo).orElseThrow());
                    property.setMaximum(limits.stream().map(AmountLimit::maximum).max(BigDecimal::compareTo).orElseThrow());
                    String rules = limits.stream().map(AmountLimit::rule).collect(Collectors.joining(" "));
                    property.setDescription(property.getDescription() == null ? rules
                            : property.getDescription() + ". " + rules);
                }
            }
            return property;
        };
    }

    /**
     * A field that takes a JSON string or a JSON number ({@link NumberOrText}) says both; every other takes one.
     * Marked here and typed once the document is whole ({@link #numberOrTextTypes()}): the bean validation that
     * runs after this customizer would read a {@code @Size} on a schema typed number as its minimum and maximum.
     */
    @Bean
    PropertyCustomizer numberOrText() {
        return (property, type) -> {
            if (type.getCtxAnnotations() != null && Arrays.stream(type.getCtxAnnotations())
                    .anyMatch(a -> a instanceof JsonDeserialize read && read.using() == NumberOrText.class)) {
                property.addExtension(NUMBER_OR_TEXT, true);
            }
            return property;
        };
    }

    @Bean
    OpenApiCustomizer numberOrTextTypes() {
        return openApi -> {
            for (Schema<?> schema : openApi.getComponents().getSchemas().values()) {
                if (schema.getProperties() == null) {
                    continue;
                }
                for (Schema<?> property : schema.getProperties().values()) {
                    if (property.getExtensions() != null && property.getExtensions().remove(NUMBER_OR_TEXT) != null) {
                        property.setTypes(new LinkedHashSet<>(List.of("string", "number")));
                        if (property.getExtensions().isEmpty()) {
                            property.setExtensions(null);
                        }
                    }
                }
            }
        };
    }

    /** On every request body, an example the API accepts ({@link RequestBodyExamples}). */
    @Bean
    OpenApiCustomizer requestBodyExamples(Clock clock) {
        return new RequestBodyExamples(clock);
    }

    /** The error bodies' schemas, which no operation names as a return type. */
    @Bean
    OpenApiCustomizer errorBodySchemas(SpringDocConfigProperties springDoc) {
        // the converters springdoc itself uses, so that the names follow nestedTypeNames()
        ModelConverters converters = ModelConverters.getInstance(springDoc.isOpenapi31());
        return openApi -> {
            for (Class<?> body : List.of(ErrorBodies.FieldErrorList.class, ErrorBodies.ValidationProblem.class,
                    ErrorBodies.OAuthError.class, ErrorBodies.ReasonError.class)) {
                converters.readAll(new AnnotatedType(body)).forEach(openApi.getComponents()::addSchemas);
            }
        };
    }

    /**
     * The error bodies: 400 in the operation's input-error shape, any other error status in the reason shape, or
     * on the OAuth2 token endpoint in RFC 6749's like its 400 (see ReasonErrors).
     */
    @Bean
    OperationCustomizer errorResponses() {
        return (operation, handler) -> {
            ErrorShape shape = handler.getMethodAnnotation(ErrorShape.class);
            if (shape == null) {
                shape = handler.getBeanType().getAnnotation(ErrorShape.class);
            }
            ErrorShape.Kind kind = shape == null ? ErrorShape.Kind.FIELD_ERROR_LIST : shape.value();
            operation.getResponses().putIfAbsent("400",
                    errorResponse("The request is not valid", INPUT_ERROR_BODIES.get(kind)));
            operation.getResponses().putIfAbsent("default", errorResponse(
                    "Refused: unknown resource or path, wrong method or media type, body too large, or an internal error",
                    kind == ErrorShape.Kind.OAUTH_ERROR ? ErrorBodies.OAuthError.class : ErrorBodies.ReasonError.class));
            return operation;
        };
    }

    /** An error answer whose body is one of the error shapes ({@link ErrorBodies}). */
    static ApiResponse errorResponse(String description, Class<?> body) {
        return new ApiResponse().description(description)
                .content(new Content().addMediaType(org.springframework.http.MediaType.APPLICATION_JSON_VALUE,
                        new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + nestedName(body)))));
    }
}
