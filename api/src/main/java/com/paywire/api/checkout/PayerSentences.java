package com.paywire.api.checkout;

import static java.util.Map.entry;

import java.util.Map;

/**
 * A problem with one of the checkout page's fields in the payer's words. The domain names its problems by the API's
 * fields (billToFirstName, ExpiryMonth, phoneNumber), which mean nothing to a payer: such a message gives way to the
 * field's sentence. A message that names no field (the card was declined, too many prompts) is kept as it is.
 */
final class PayerSentences {

    /** What to type in each field of the page, said once for any problem with it. */
    static final Map<String, String> BY_FIELD = Map.ofEntries(
            entry("billToFirstName", "Enter your first name, up to 60 characters."),
            entry("billToLastName", "Enter your last name, up to 60 characters."),
            entry("billToEmail", "Enter an email address such as name@example.com, or leave it empty."),
            entry("billToPhoneNumber", "Enter a phone number such as 0712 345 678, or leave it empty."),
            entry("billToAddress1", "Enter your address in up to 100 characters, or leave it empty."),
            entry("billToLocality", "Enter your town or city in up to 50 characters, or leave it empty."),
            entry("billToPostalCode", "Enter a postal code of letters and digits, such as 00100, or leave it empty."),
            entry("billToAdministrativeArea", "Enter your county or state in up to 50 characters, or leave it empty."),
            entry("billToCountry", "Enter your country as two letters, such as KE for Kenya."),
            entry("cardNumber", "Enter the long number on the front of your card."),
            entry("expiryMonth", "Enter the card's expiry month as two digits, such as 08."),
            entry("expiryYear", "Enter the card's expiry year as four digits, such as 2029."),
            entry("securityCode", "Enter the 3 or 4 digit security code on your card."),
            entry("mpesaNumber", "Enter your M-PESA number, a Kenyan mobile number such as 0712 345 678."));

    private static final String ANY_FIELD = "Please check what you entered here.";

    private PayerSentences() {
    }

    /**
     * @param pageField   the page's name of the field
     * @param domainField the domain's name of it, which its message may hold
     */
    static String of(String pageField, String domainField, String message) {
        boolean namesAField = message == null || message.contains("The field ") || message.contains(pageField)
                || (domainField != null && message.contains(domainField));
        return namesAField ? BY_FIELD.getOrDefault(pageField, ANY_FIELD) : message;
    }
}
