package com.paywire.api.routes;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.persistence.routes.Route;
import com.paywire.persistence.routes.RouteStore;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "Platform")
@RequiresScope(Scope.ACCOUNTS)
class RoutesController {

    private final RouteStore routes;

    RoutesController(RouteStore routes) {
        this.routes = routes;
    }

    @Operation(summary = "Find Transaction Routes: the routes assigned to the calling client")
    @GetMapping("/v1/transaction-routes/assigned-routes")
    AssignedRoutes assignedRoutes(AuthenticatedClient client) {
        return new AssignedRoutes(routes.findAssignedTo(client.clientId()).stream().map(RouteView::of).toList());
    }

    record AssignedRoutes(List<RouteView> routes) {
    }

    /** The live API's listing: the kind of route by its GUID and live category code, not Paywire's own names. */
    record RouteView(UUID id, String category, String categoryDescription, UUID transactionTypeId,
                     boolean categoryIsEnabled,
                     @JsonProperty("routeIntergration") String routeIntegration, // sic: the public API spells it so
                     String country, boolean routeIsActive, List<ChannelTypeView> channelTypes) {

        static RouteView of(Route route) {
            return new RouteView(route.id(), route.liveCategory(), route.liveCategoryDescription(),
                    route.transactionTypeGuid(), route.categoryIsEnabled(), route.routeIntegration(), route.country(),
                    route.routeIsActive(), route.listedChannelTypes().stream()
                    .map(c -> new ChannelTypeView(c.channelType(), c.channelDescription())).toList());
        }
    }

    record ChannelTypeView(int channelType, String channelDescription) {
    }
}
