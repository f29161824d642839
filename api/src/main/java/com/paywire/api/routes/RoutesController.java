package com.paywire.api.routes;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.domain.accounts.Accounts;
import com.paywire.vocabulary.rules.routes.Route;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "Platform")
@RequiresScope(Scope.ACCOUNTS)
class RoutesController {

    private final Accounts accounts;

    RoutesController(Accounts accounts) {
        this.accounts = accounts;
    }

    @Operation(summary = "Find Transaction Routes: the routes assigned to the calling client")
    @GetMapping("/v1/transaction-routes/assigned-routes")
    AssignedRoutes assignedRoutes(AuthenticatedClient client) {
        return new AssignedRoutes(accounts.assignedRoutes(client.clientId()).stream().map(RouteView::of).toList());
    }

    record AssignedRoutes(
            @Schema(description = "the routes the client may use")
            List<RouteView> routes) {
    }

    /** The live API's listing: the kind of route by its GUID and live category code, not Paywire's own names. */
    record RouteView(
            @Schema(description = "the route's id, sent as routeId")
            UUID id,
            @Schema(description = "the route's category code")
            String category,
            @Schema(description = "the category in words")
            String categoryDescription,
            @Schema(description = "the id shared by every route of this kind")
            UUID transactionTypeId,
            @Schema(description = "whether the category is enabled")
            boolean categoryIsEnabled,
            @Schema(description = "the provider behind the route")
            @JsonProperty("routeIntergration") String routeIntegration, // sic: the public API spells it so
            @Schema(description = "the route's country: KENYA")
            String country,
            @Schema(description = "whether the route is active")
            boolean routeIsActive,
            @Schema(description = "the channel types the route takes")
            List<ChannelTypeView> channelTypes) {

        static RouteView of(Route route) {
            return new RouteView(route.id(), route.liveCategory(), route.liveCategoryDescription(),
                    route.transactionTypeGuid(), route.categoryIsEnabled(), route.routeIntegration(), route.country(),
                    route.routeIsActive(), route.listedChannelTypes().stream()
                    .map(c -> new ChannelTypeView(c.channelType(), c.channelDescription())).toList());
        }
    }

    record ChannelTypeView(
            @Schema(description = "the channel type's code, sent as ChannelType")
            int channelType,
            @Schema(description = "the channel type in words")
            String channelDescription) {
    }
}
