package com.paywire.api.platform;

import java.time.OffsetDateTime;

/**
 * The message that answers an accepted submission: {appDomainName, remarks, originatorConversationId,
 * systemConversationId, timestamp}, in that order (docs/interface.md). An operation that says more wraps it with
 * {@code @JsonUnwrapped} and adds its own fields after these five; the payouts message orders the same fields
 * differently and so keeps a record of its own.
 */
public record AcceptedMessage(String appDomainName, String remarks, String originatorConversationId,
                              String systemConversationId, OffsetDateTime timestamp) {
}
