package com.paywire.vocabulary.lookups;

import com.paywire.vocabulary.rules.kyc.PersonNames;

/**
 * What a KYC request says about a person, kept sealed (V11). Until the registry has answered it is everything the
 * client sent; after that only what the status record shows ({@link #forStatusRecord}).
 *
 * @param registryNationalId the national ID as the registry holds it, once it has answered that it knows it
 */
public record KycPersonalData(String firstName, String middleName, String lastName, String otherNames,
                              String nationalId, String serialNo, String passportNo, String serviceId, String alienId,
                              String taxId, String dateOfBirth, String postalBoxNo, String postalTown,
                              String telephoneMobile, String physicalAddress, String physicalTown,
                              String physicalCountry, String registryNationalId) {

    /** The fields the status record and callback show; the rest was needed only to ask the registry. */
    public KycPersonalData forStatusRecord(String registryNationalId) {
        return new KycPersonalData(firstName, middleName, lastName, otherNames, nationalId, null, null, null, null,
                null, null, null, null, telephoneMobile, null, null, null, registryNationalId);
    }

    /** What the name matching compares of the person. */
    public PersonNames names() {
        return new PersonNames(firstName, middleName, lastName, otherNames, dateOfBirth);
    }
}
