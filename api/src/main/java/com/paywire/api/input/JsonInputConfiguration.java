package com.paywire.api.input;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.paywire.vocabulary.rules.amounts.Amounts;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.deser.jdk.NumberDeserializers;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

/**
 * How request bodies become Java values, the same for every operation: Jackson refuses here what would
 * otherwise slip through as something the client did not mean.
 */
@Configuration(proxyBeanMethods = false)
class JsonInputConfiguration {

    @Bean
    JsonMapperBuilderCustomizer strictInput() {
        return builder -> {
            // true and false only: 12345 or "yes" is not a boolean
            builder.withCoercionConfig(LogicalType.Boolean, config -> {
                for (CoercionInputShape shape : new CoercionInputShape[] {CoercionInputShape.Integer,
                        CoercionInputShape.Float, CoercionInputShape.String, CoercionInputShape.EmptyString}) {
                    config.setCoercion(shape, CoercionAction.Fail);
                }
            });
            // JSON of the wrong type is refused, never bent to fit: 1.5 where a whole number is wanted is not 1 (a
            // graceSeconds of 0.5 would revoke at once), true or 12 where a string is wanted is not "true" or "12",
            // and 1 where a name is wanted is not an enum's second constant. Fields documented to take a string
            // or a number say so with NumberOrText.
            builder.withCoercionConfig(LogicalType.Integer,
                    config -> config.setCoercion(CoercionInputShape.Float, CoercionAction.Fail));
            builder.withCoercionConfig(LogicalType.Textual, config -> {
                for (CoercionInputShape shape : new CoercionInputShape[] {CoercionInputShape.Boolean,
                        CoercionInputShape.Integer, CoercionInputShape.Float}) {
                    config.setCoercion(shape, CoercionAction.Fail);
                }
            });
            builder.withCoercionConfig(LogicalType.Enum,
                    config -> config.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail));
            // a list never holds null ("Events": [null]); a free-form object's values may be null
            for (Class<?> list : List.of(Collection.class, List.class, Set.class)) {
                builder.withConfigOverride(list, o -> o.setNullHandling(JsonSetter.Value.forContentNulls(Nulls.FAIL)));
            }
            builder.addModule(new SimpleModule("plain-decimals").addDeserializer(BigDecimal.class, new PlainDecimals()));
        };
    }

    /**
     * Decimals (in this API, amounts) as plain digits only, whether sent as a number or a string: exponent
     * notation such as 1e18 is refused here, where the client's spelling is still known. Sign and range are
     * the {@link Amount} rule's.
     */
    static final class PlainDecimals extends NumberDeserializers.BigDecimalDeserializer {

        @Override
        public BigDecimal deserialize(JsonParser p, DeserializationContext ctxt) {
            JsonToken token = p.currentToken();
            if (token == JsonToken.VALUE_NUMBER_FLOAT || token == JsonToken.VALUE_NUMBER_INT
                    || token == JsonToken.VALUE_STRING) {
                String text = p.getString();
                if (!Amounts.isPlainDecimal(text.startsWith("-") ? text.substring(1) : text)) {
                    return (BigDecimal) ctxt.handleWeirdStringValue(BigDecimal.class, text, "not a plain decimal");
                }
            }
            return super.deserialize(p, ctxt);
        }
    }
}
