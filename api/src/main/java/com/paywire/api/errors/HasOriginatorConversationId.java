package com.paywire.api.errors;

/** A request body that carries the client's originatorConversationId, so input errors can echo it. */
public interface HasOriginatorConversationId {

    String originatorConversationId();
}
