package com.paywire.persistence.routes;

import org.springframework.data.relational.core.mapping.Table;

@Table("route_channel_types")
public record RouteChannelType(int channelType, String channelDescription) {
}
