package com.paywire.persistence.checkout;

import java.math.BigDecimal;

/** One item of a checkout order, at its place ({@code position}, from 0) in the merchant's list. */
public record CheckoutLine(int position, String sku, String name, BigDecimal price) {
}
