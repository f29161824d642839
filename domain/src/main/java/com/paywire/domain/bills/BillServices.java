package com.paywire.domain.bills;

import com.paywire.domain.platform.FieldRules;
import com.paywire.persistence.bills.BillServiceStore;
import com.paywire.vocabulary.bills.BillService;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/** The catalogue of billers, and how clients name a service: its integer id, its GUID or its code (KE-GOTV). */
@Component
public class BillServices {


    private final BillServiceStore services;

    public BillServices(BillServiceStore services) {
        this.services = services;
    }

    public List<BillService> all() {
        return services.all();
    }

    /**
     * The enabled service named by serviceId (or serviceCode); a problem on {@code serviceId} when it is missing,
     * unknown or disabled.
     *
     * @return the service, or null when there is a problem
     */
    public BillService named(String reference, FieldRules rules) {
        if (reference == null || reference.isBlank()) {
            rules.required("serviceId");
            return null;
        }
        Optional<BillService> service = find(reference);
        if (service.isEmpty()) {
            rules.add("serviceId", "The serviceId is not a bill service (see GET /v1/bill-services).");
        } else if (!service.get().enabled()) {
            rules.add("serviceId", "The bill service " + service.get().serviceCode() + " is not enabled.");
        }
        return service.filter(BillService::enabled).orElse(null);
    }

    /** The service a client names, in any of the ways clients name one; empty when there is none. */
    public Optional<BillService> find(String reference) {
        if (reference == null || reference.isBlank()) {
            return Optional.empty();
        }
        String text = reference.strip();
        if (FieldRules.INTEGER_ID.matcher(text).matches()) {
            return services.findByType(Integer.parseInt(text));
        }
        if (FieldRules.GUID.matcher(text).matches()) {
            return services.find(UUID.fromString(text));
        }
        return services.findByCode(text);
    }
}
