package com.paywire.api.platform;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.OffsetDateTime;

/**
 * The message that answers an accepted submission: {appDomainName, remarks, originatorConversationId,
 * systemConversationId, timestamp}, in that order (docs/interface.md). An operation that says more wraps it with
 * {@code @JsonUnwrapped} and adds its own fields after these five; the payouts message orders the same fields
 * differently and so keeps a record of its own.
 */
public record AcceptedMessage(
        @Schema(description = "the Paywire service that answered")
        String appDomainName,
        @Schema(description = "that the request was accepted, in words")
        String remarks,
        @Schema(description = "the request's originatorConversationId, echoed")
        String originatorConversationId,
        @Schema(description = "Paywire's id of the request, by which it can also be found")
        String systemConversationId,
        @Schema(description = "when the request was accepted")
        OffsetDateTime timestamp) {
}
