package com.paywire.api.errors;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a bean-validation property path ({@code lines[0].shortCode}) into the names the client wrote
 * ({@code lines[0].ShortCode}), following {@link JsonProperty} on the request records.
 */
final class JsonFieldNames {

    private static final Pattern SEGMENT = Pattern.compile("([^.\\[]+)((?:\\[[^]]*])*)");

    private JsonFieldNames() {
    }

    static String of(Class<?> root, String javaPath) {
        StringBuilder json = new StringBuilder();
        Class<?> current = root;
        Matcher m = SEGMENT.matcher(javaPath);
        while (m.find()) {
            String name = m.group(1);
            Field field = current == null ? null : findField(current, name);
            if (!json.isEmpty()) {
                json.append('.');
            }
            json.append(jsonName(field, name)).append(m.group(2));
            current = field == null ? null : elementType(field, !m.group(2).isEmpty());
        }
        return json.toString();
    }

    private static String jsonName(Field field, String fallback) {
        JsonProperty property = field == null ? null : field.getAnnotation(JsonProperty.class);
        return property != null && !property.value().isEmpty() ? property.value() : fallback;
    }

    private static Field findField(Class<?> type, String name) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            try {
                return c.getDeclaredField(name);
            } catch (NoSuchFieldException ignored) {
                // look further up
            }
        }
        return null;
    }

    private static Class<?> elementType(Field field, boolean indexed) {
        if (!indexed) {
            return field.getType();
        }
        if (field.getType().isArray()) {
            return field.getType().getComponentType();
        }
        Type generic = field.getGenericType();
        if (Collection.class.isAssignableFrom(field.getType()) && generic instanceof ParameterizedType p
                && p.getActualTypeArguments()[0] instanceof Class<?> element) {
            return element;
        }
        return null;
    }
}
