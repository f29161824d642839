package com.paywire.domain.rails.identity;

import com.paywire.domain.rails.identity.IdentityRegistryProtocol.RegisteredPerson;
import java.util.Optional;

/** What Paywire asks the national identity registry ({@link IdentityRegistryProtocol}), behind KYC. */
public interface IdentityRegistry {

    /**
     * @param reference the KYC request, the rail's idempotency key
     * @return the person the registry holds under that ID, or empty when it holds no one
     */
    Optional<RegisteredPerson> lookUp(String reference, String nationalId);
}
