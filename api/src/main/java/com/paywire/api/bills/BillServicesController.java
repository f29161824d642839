package com.paywire.api.bills;

import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.domain.bills.BillServices;
import com.paywire.vocabulary.bills.BillService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** The catalogue of billers (docs/interface.md#bills). */
@RestController
@Tag(name = "Airtime and bills")
@RequiresScope(Scope.BILLS)
class BillServicesController {

    private final BillServices services;

    BillServicesController(BillServices services) {
        this.services = services;
    }

    record Catalogue(
            @Schema(description = "the billers, grouped by kind")
            List<Group> billServiceGroup) {
    }

    /** @param route the kind of bill: TV, ELECTRICITY or WATER */
    record Group(
            @Schema(description = "the kind of biller (TV, Electricity, Water)")
            String route,
            @Schema(description = "the billers of this kind")
            List<Service> billServices) {
    }

    /** @param serviceType the integer clients send as serviceId */
    record Service(
            @Schema(description = "the service's GUID")
            String id,
            @Schema(description = "the country's number")
            int countryId,
            @Schema(description = "the currency's ISO 4217 number")
            int currencyId,
            @Schema(description = "the service's integer id")
            int serviceType,
            @Schema(description = "the service's name")
            String serviceTypeDescription,
            @Schema(description = "the kind of biller's number")
            int serviceCategory,
            @Schema(description = "the kind of biller in words")
            String serviceCategoryDescription,
            @Schema(description = "the lowest amount the biller takes")
            BigDecimal minAmount,
            @Schema(description = "the highest amount the biller takes")
            BigDecimal maxAmount,
            @Schema(description = "false: the biller takes no requests")
            boolean enabled,
            @Schema(description = "the biller's logo")
            String image,
            @Schema(description = "true: the account can be validated (transactionType 3) before paying")
            boolean validateAccountEnabled,
            @Schema(description = "the biller's code, sent as serviceCode")
            String serviceCode) {

        static Service of(BillService s) {
            return new Service(s.id().toString(), s.countryId(), s.currencyId(), s.serviceType(), s.name(),
                    s.serviceCategory(), s.categoryDescription(), s.minAmount(), s.maxAmount(), s.enabled(), s.image(),
                    s.validateAccountEnabled(), s.serviceCode());
        }
    }

    @Operation(summary = "Find bill services: the billers, grouped by kind, with their amount limits and whether a"
            + " payment validates the account first (validateAccountEnabled)")
    @GetMapping("/v1/bill-services")
    Catalogue billServices() {
        Map<String, List<Service>> groups = new LinkedHashMap<>();
        for (BillService service : services.all()) {
            groups.computeIfAbsent(service.categoryDescription(), k -> new java.util.ArrayList<>()).add(Service.of(service));
        }
        return new Catalogue(groups.entrySet().stream().map(e -> new Group(e.getKey(), e.getValue())).toList());
    }
}
