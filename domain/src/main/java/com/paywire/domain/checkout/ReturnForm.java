package com.paywire.domain.checkout;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the hosted page sends the payer's browser when the order is final: a form POST
 * ({@code application/x-www-form-urlencoded}) of {@code fields}, in this order, to {@code url}, which is the
 * order's checkoutReturnUrl with {@code hash} (see {@link CheckoutReturnHash}) added to its query.
 */
public record ReturnForm(String url, String hash, List<Field> fields) {

    public record Field(String name, String value) {
    }

    /** The fields by name, in order: what {@link CheckoutReturnHash} is computed over. */
    public Map<String, String> fieldMap() {
        Map<String, String> map = new LinkedHashMap<>();
        fields.forEach(f -> map.put(f.name(), f.value()));
        return map;
    }
}
