package com.paywire.domain.rails.identity;

import com.paywire.domain.rails.RailMessage;
import com.paywire.vocabulary.rules.kyc.PersonNames;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The national identity registry's person lookup, behind KYC requests.
 * <ul>
 *   <li>{@code POST /identity-registry/persons/lookup} with {@code Idempotency-Key: <reference>} and
 *       {@link #request}: 200 {@code {nationalId, firstName, middleName, lastName, otherNames, dateOfBirth}}
 *       (dateOfBirth {@code yyyy-MM-dd}; a name the registry does not hold is null or absent); 404 the registry
 *       holds no one under that ID.</li>
 * </ul>
 * The national ID goes in the body, never in the path, so that no access log on the way records it.
 */
public final class IdentityRegistryProtocol {

    public static final String LOOKUP_PATH = "/identity-registry/persons/lookup";

    private IdentityRegistryProtocol() {
    }

    /** A person as the registry holds them. */
    public record RegisteredPerson(String nationalId, String firstName, String middleName, String lastName,
                                   String otherNames, String dateOfBirth) {

        /** What the name matching compares of the person. */
        public PersonNames names() {
            return new PersonNames(firstName, middleName, lastName, otherNames, dateOfBirth);
        }
    }

    public static Map<String, Object> request(String reference, String nationalId) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("reference", reference);
        body.put("nationalId", nationalId);
        return body;
    }

    /** A 200 answer: the person. */
    public static RegisteredPerson found(RailMessage answer) {
        return new RegisteredPerson(answer.text("nationalId"), answer.text("firstName"), answer.text("middleName"),
                answer.text("lastName"), answer.text("otherNames"), answer.text("dateOfBirth"));
    }
}
