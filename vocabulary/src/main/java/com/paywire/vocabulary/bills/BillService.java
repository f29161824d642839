package com.paywire.vocabulary.bills;

import java.math.BigDecimal;
import java.util.UUID;

/**
 * A biller Paywire pays, from the catalogue (V13).
 *
 * @param serviceType            the integer id clients send as serviceId
 * @param serviceCategory        1 TV, 2 ELECTRICITY, 3 WATER
 * @param validateAccountEnabled a payment asks the biller about the account before paying
 * @param prepaid                a payment buys a token, which the receipt carries
 */
public record BillService(UUID id, int serviceType, String serviceCode, String name, int serviceCategory,
                          int countryId, int currencyId, BigDecimal minAmount, BigDecimal maxAmount, boolean enabled,
                          String image, boolean validateAccountEnabled, boolean prepaid) {

    public String categoryDescription() {
        return switch (serviceCategory) {
            case 1 -> "TV";
            case 2 -> "ELECTRICITY";
            default -> "WATER";
        };
    }
}
