package com.paywire.vocabulary.rules.kyc;

/**
 * What {@link NameMatch} compares of a person, as a KYC request gives it or the identity registry holds it: the names
 * in their four fields and the date of birth (ISO, with or without a time), any of them absent.
 */
public record PersonNames(String firstName, String middleName, String lastName, String otherNames,
                          String dateOfBirth) {
}
