package com.paywire.domain.checkout;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.platform.FieldRules;
import com.paywire.vocabulary.checkout.BillingDetails;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Who pays a checkout order, as the payer types it on the hosted page; the status query returns it as the
 * {@code billTo*} fields. First and last name are required; the rest is optional and checked when given.
 *
 * @param country ISO 3166 alpha-2, such as KE (required to pay by card: fraud screening compares it with the card's)
 */
public record BillTo(String firstName, String lastName, String address1, String locality, String administrativeArea,
                     String postalCode, String country, String email, String phoneNumber) {

    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());
    private static final Pattern POSTAL_CODE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9 -]*");
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");
    private static final Pattern PHONE = Pattern.compile("\\+?[0-9][0-9 ()-]{5,19}");

    /**
     * The details trimmed (blank is absent), the country in capitals.
     *
     * @param countryRequired whether a missing country is refused
     * @throws InvalidInputException naming each field that breaks its rule (billToFirstName, billToCountry, ...)
     */
    public BillTo validated(boolean countryRequired) {
        FieldRules rules = new FieldRules();
        String country = rules.text("billToCountry", this.country, countryRequired, 2);
        if (country != null && !rules.has("billToCountry") && !COUNTRIES.contains(country.toUpperCase(Locale.ROOT))) {
            rules.add("billToCountry", "The field billToCountry must be a two-letter ISO 3166 country code such as KE.");
        }
        BillTo clean = new BillTo(rules.text("billToFirstName", firstName, true, 60),
                rules.text("billToLastName", lastName, true, 60),
                rules.text("billToAddress1", address1, false, 100),
                rules.text("billToLocality", locality, false, 50),
                rules.text("billToAdministrativeArea", administrativeArea, false, 50),
                rules.matching("billToPostalCode", postalCode, false, 10, POSTAL_CODE,
                        "must be letters, digits, spaces and dashes"),
                country == null ? null : country.toUpperCase(Locale.ROOT),
                rules.matching("billToEmail", email, false, 254, EMAIL, "must be an email address"),
                rules.matching("billToPhoneNumber", phoneNumber, false, 20, PHONE,
                        "must be a phone number such as +254712345678"));
        rules.refuseIfAny(null);
        return clean;
    }

    /**
     * The details by the names the hosted page and the status query give them (billToFirstName, ...), the ones
     * given only; the names {@link #validated} names its problems by.
     */
    public Map<String, String> fields() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("billToFirstName", firstName);
        fields.put("billToLastName", lastName);
        fields.put("billToAddress1", address1);
        fields.put("billToLocality", locality);
        fields.put("billToAdministrativeArea", administrativeArea);
        fields.put("billToPostalCode", postalCode);
        fields.put("billToCountry", country);
        fields.put("billToEmail", email);
        fields.put("billToPhoneNumber", phoneNumber);
        fields.values().removeIf(Objects::isNull);
        return fields;
    }

    /** The details from fields named as {@link #fields()} names them; a missing field is absent. */
    public static BillTo fromFields(Map<String, String> fields) {
        return new BillTo(fields.get("billToFirstName"), fields.get("billToLastName"), fields.get("billToAddress1"),
                fields.get("billToLocality"), fields.get("billToAdministrativeArea"), fields.get("billToPostalCode"),
                fields.get("billToCountry"), fields.get("billToEmail"), fields.get("billToPhoneNumber"));
    }

    BillingDetails details() {
        return new BillingDetails(firstName, lastName, address1, locality, administrativeArea, postalCode, country,
                email, phoneNumber);
    }

    /** What was recorded, or null when the payer gave nothing yet. */
    static BillTo of(BillingDetails d) {
        return d.firstName() == null && d.lastName() == null ? null : new BillTo(d.firstName(), d.lastName(),
                d.address1(), d.locality(), d.administrativeArea(), d.postalCode(), d.country(), d.email(),
                d.phoneNumber());
    }
}
