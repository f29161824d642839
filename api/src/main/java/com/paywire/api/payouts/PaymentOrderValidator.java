package com.paywire.api.payouts;

import com.paywire.api.errors.ErrorBodies.FieldError;
import com.paywire.persistence.routes.Route;
import com.paywire.persistence.routes.RouteStore;
import com.paywire.workflows.payouts.Rail;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * The payment order rules that need the client's routes or depend on the kind of payout: mandatory fields
 * of bank transfers, the mobile subset, MCCMNC from the published list, route and channel type from the
 * client's assignments, one systemTraceAuditNumber per line (amounts follow the one amount rule, {@link com.paywire.api.input.Amount}).
 */
@Component
class PaymentOrderValidator {

    /** The published MCCMNC list (Kenya). */
    static final Map<String, String> MCCMNC = Map.of("63902", "Safaricom", "63903", "Airtel", "63907", "Telkom");
    /** The only currency the platform pays in today: KES, numeric 404, two decimals. */
    static final int KES = 404;
    static final String KES_LETTERS = "KES";

    private static final Pattern GUID = Pattern.compile("(?i)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Pattern INTERNATIONAL_PHONE = Pattern.compile("\\+[1-9]\\d{7,14}");
    private static final Pattern COUNTRY = Pattern.compile("[A-Z]{2}");
    private static final Pattern BUSINESS_NUMBER = Pattern.compile("\\d{5,7}");

    private final RouteStore routes;

    PaymentOrderValidator(RouteStore routes) {
        this.routes = routes;
    }

    /** A line that passed every rule, with the route it goes through. */
    record ValidLine(PaymentOrderRequest.Line line, Route route, Rail rail) {
    }

    List<ValidLine> validate(String clientId, PaymentOrderRequest order, List<FieldError> errors) {
        List<ValidLine> valid = new ArrayList<>();
        Set<String> stans = new HashSet<>();
        for (int i = 0; i < order.paymentOrderLines().size(); i++) {
            LineErrors e = new LineErrors("paymentOrderLines[" + i + "].", errors);
            PaymentOrderRequest.Line line = order.paymentOrderLines().get(i);
            PaymentOrderRequest.Transaction tx = line.transaction();

            if (!GUID.matcher(tx.systemTraceAuditNumber()).matches()) {
                e.add("transaction.systemTraceAuditNumber", "The systemTraceAuditNumber must be a GUID.");
            } else if (!stans.add(tx.systemTraceAuditNumber().toLowerCase())) {
                e.add("transaction.systemTraceAuditNumber", "The systemTraceAuditNumber '"
                        + tx.systemTraceAuditNumber() + "' is a duplicate: each line needs its own.");
            }
            Optional<Route> route = findRoute(clientId, tx.routeId());
            if (route.isEmpty()) {
                e.add("transaction.routeId", "The routeId '" + tx.routeId() + "' is not a payout route assigned to you.");
                continue;
            }
            if (!route.get().supportsChannelType(tx.channelType())) {
                e.add("transaction.ChannelType", "The ChannelType " + tx.channelType() + " is not offered by route "
                        + route.get().category() + ".");
            }
            Rail rail = switch (route.get().category()) {
                case "BANK_TRANSFER" -> {
                    validateBankTransfer(line, e);
                    yield Rail.BANK;
                }
                case "BUSINESS_PAYBILL", "BUSINESS_TILL" -> {
                    validateBusinessPayout(line, e);
                    yield Rail.MOBILE_MONEY;
                }
                default -> {
                    validateMobileTransfer(line, e);
                    yield Rail.MOBILE_MONEY;
                }
            };
            if (!e.any()) {
                valid.add(new ValidLine(line, route.get(), rail));
            }
        }
        return valid;
    }

    private Optional<Route> findRoute(String clientId, String routeId) {
        if (!GUID.matcher(routeId).matches()) {
            return Optional.empty();
        }
        return routes.findAssigned(clientId, UUID.fromString(routeId))
                .filter(r -> r.routeIsActive() && r.categoryIsEnabled())
                .filter(r -> Set.of("MOBILE_WALLET", "BANK_TRANSFER", "BUSINESS_PAYBILL", "BUSINESS_TILL")
                        .contains(r.category()));
    }

    private static void validateMobileTransfer(PaymentOrderRequest.Line line, LineErrors e) {
        PaymentOrderRequest.Remitter remitter = line.remitter();
        PaymentOrderRequest.Recipient recipient = line.recipient();
        e.required("remitter.name", remitter.name());
        e.phone("remitter.phoneNumber", remitter.phoneNumber(), false);
        e.country("remitter.country", remitter.country(), false);
        e.country("remitter.nationality", remitter.nationality(), false);
        e.date("remitter.dateOfBirth", remitter.dateOfBirth(), false);
        e.currency("remitter.ccy", remitter.ccy(), false);
        e.mccmnc("recipient.mccmnc", recipient.mccmnc());
        e.phone("recipient.primaryAccountNumber", recipient.primaryAccountNumber(), true);
        e.phone("recipient.phoneNumber", recipient.phoneNumber(), false);
        e.currency("recipient.ccy", recipient.ccy(), false);
        e.country("recipient.country", recipient.country(), false);
    }

    private static void validateBankTransfer(PaymentOrderRequest.Line line, LineErrors e) {
        PaymentOrderRequest.Remitter r = line.remitter();
        e.required("remitter.name", r.name());
        e.required("remitter.address", r.address());
        e.phone("remitter.phoneNumber", r.phoneNumber(), true);
        e.required("remitter.idType", r.idType());
        e.required("remitter.idNumber", r.idNumber());
        e.date("remitter.idExpiryDate", r.idExpiryDate(), true);
        e.country("remitter.country", r.country(), true);
        e.currency("remitter.ccy", r.ccy(), true);
        e.required("remitter.financialInstitution", r.financialInstitution());
        e.required("remitter.sourceOfFunds", r.sourceOfFunds());
        e.date("remitter.dateOfBirth", r.dateOfBirth(), true);
        e.country("remitter.nationality", r.nationality(), true);
        e.required("remitter.occupation", r.occupation());
        PaymentOrderRequest.Recipient p = line.recipient();
        e.required("recipient.name", p.name());
        e.phone("recipient.phoneNumber", p.phoneNumber(), true);
        e.mccmnc("recipient.mccmnc", p.mccmnc());
        e.required("recipient.financialInstitution", p.financialInstitution());
        e.required("recipient.institutionIdentifier", p.institutionIdentifier());
        e.required("recipient.primaryAccountNumber", p.primaryAccountNumber());
        e.currency("recipient.ccy", p.ccy(), true);
        e.country("recipient.country", p.country(), true);
        e.required("recipient.purpose", p.purpose());
        e.country("recipient.nationality", p.nationality(), false);
    }

    private static void validateBusinessPayout(PaymentOrderRequest.Line line, LineErrors e) {
        e.required("remitter.name", line.remitter().name());
        e.required("recipient.name", line.recipient().name());
        String number = line.recipient().primaryAccountNumber();
        if (e.required("recipient.primaryAccountNumber", number) && !BUSINESS_NUMBER.matcher(number).matches()) {
            e.add("recipient.primaryAccountNumber", "The primaryAccountNumber must be a paybill or till number of 5 to 7 digits.");
        }
        e.currency("recipient.ccy", line.recipient().ccy(), false);
    }

    /** Collects one line's errors under its path prefix. */
    private static final class LineErrors {
        private final String prefix;
        private final List<FieldError> errors;
        private final int before;

        LineErrors(String prefix, List<FieldError> errors) {
            this.prefix = prefix;
            this.errors = errors;
            this.before = errors.size();
        }

        boolean any() {
            return errors.size() > before;
        }

        void add(String field, String message) {
            errors.add(new FieldError(prefix + field, message));
        }

        boolean required(String field, String value) {
            if (value == null || value.isBlank()) {
                add(field, "The " + leaf(field) + " field is required.");
                return false;
            }
            return true;
        }

        void phone(String field, String value, boolean mandatory) {
            check(field, value, mandatory, v -> INTERNATIONAL_PHONE.matcher(v).matches() ? null
                    : "The " + leaf(field) + " must be a phone number in international format, e.g. +254712345678.");
        }

        void country(String field, String value, boolean mandatory) {
            check(field, value, mandatory, v -> COUNTRY.matcher(v).matches() ? null
                    : "The " + leaf(field) + " must be a two-letter country code, e.g. KE.");
        }

        void date(String field, String value, boolean mandatory) {
            check(field, value, mandatory, v -> {
                try {
                    LocalDate.parse(v);
                    return null;
                } catch (DateTimeParseException notADate) {
                    return "The " + leaf(field) + " must be a date as YYYY-MM-DD.";
                }
            });
        }

        void mccmnc(String field, String value) {
            check(field, value, true, v -> MCCMNC.containsKey(v) ? null
                    : "The mccmnc '" + v + "' is not on the published list: " + MCCMNC.keySet().stream().sorted().toList() + ".");
        }

        void currency(String field, Integer value, boolean mandatory) {
            if (value == null) {
                if (mandatory) {
                    add(field, "The " + leaf(field) + " field is required.");
                }
            } else if (value != KES) {
                add(field, "The ccy " + value + " is not supported; payouts are in KES (404).");
            }
        }

        private void check(String field, String value, boolean mandatory, Function<String, String> rule) {
            if (value == null || value.isBlank()) {
                if (mandatory) {
                    add(field, "The " + leaf(field) + " field is required.");
                }
                return;
            }
            String problem = rule.apply(value);
            if (problem != null) {
                add(field, problem);
            }
        }

        private static String leaf(String field) {
            return field.substring(field.lastIndexOf('.') + 1);
        }
    }
}
