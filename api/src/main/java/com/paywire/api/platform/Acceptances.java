package com.paywire.api.platform;

import java.time.Clock;
import java.time.OffsetDateTime;
import org.springframework.stereotype.Component;

/** Writes the {@link AcceptedMessage} of this deployment, stamped now. */
@Component
public class Acceptances {

    private final String appDomainName;
    private final Clock clock;

    Acceptances(PaywireProperties properties, Clock clock) {
        this.appDomainName = properties.appDomainName();
        this.clock = clock;
    }

    public AcceptedMessage message(String remarks, String originatorConversationId, String systemConversationId) {
        return new AcceptedMessage(appDomainName, remarks, originatorConversationId, systemConversationId,
                OffsetDateTime.now(clock));
    }
}
