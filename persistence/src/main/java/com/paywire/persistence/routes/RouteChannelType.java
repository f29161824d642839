package com.paywire.persistence.routes;

public record RouteChannelType(int channelType, String channelDescription) {
}
