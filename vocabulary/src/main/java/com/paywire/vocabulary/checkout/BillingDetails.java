package com.paywire.vocabulary.checkout;

/** Who paid a checkout order, as the payer gave it on the hosted page; every field may be null. */
public record BillingDetails(String firstName, String lastName, String address1, String locality,
                             String administrativeArea, String postalCode, String country, String email,
                             String phoneNumber) {
}
