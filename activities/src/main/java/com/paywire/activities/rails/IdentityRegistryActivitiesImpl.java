package com.paywire.activities.rails;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.rails.identity.IdentityRegistry;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.vocabulary.lookups.KycPersonalData;
import com.paywire.vocabulary.lookups.KycRequest;
import com.paywire.persistence.kyc.KycStore;
import com.paywire.vocabulary.lookups.KycResponseCode;
import com.paywire.vocabulary.rules.kyc.KycVerdict;
import com.paywire.vocabulary.rules.kyc.NameMatch;
import com.paywire.workflows.kyc.IdentityRegistryActivities;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The national identity registry ({@link IdentityRegistry}) as an activity; the comparison is {@link NameMatch}.
 * Reads the person from the sealed store and answers a verdict: no personal data enters the workflow's history, and
 * none is put in a failure's message.
 */
@Component
public class IdentityRegistryActivitiesImpl implements IdentityRegistryActivities {

    private final KycStore requests;
    private final IdentityRegistry registry;

    public IdentityRegistryActivitiesImpl(KycStore requests, IdentityRegistry registry) {
        this.requests = requests;
        this.registry = registry;
    }

    @Override
    public KycVerdict verify(String requestId) {
        return reported(() -> {
            KycRequest request = requests.find(UUID.fromString(requestId))
                    .orElseThrow(() -> new InvariantViolationException("no KYC request " + requestId));
            KycPersonalData person = request.personal();
            if (person == null) {
                throw new InvariantViolationException("KYC request " + requestId + " has no personal data to verify");
            }
            return registry.lookUp(requestId, person.nationalId())
                    .map(registered -> NameMatch.compare(person.names(), registered.names()))
                    .orElseGet(() -> KycVerdict.of(KycResponseCode.NOT_FOUND, "The national ID is not in the registry",
                            Map.of()));
        });
    }
}
