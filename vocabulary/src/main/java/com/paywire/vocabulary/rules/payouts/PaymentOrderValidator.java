package com.paywire.vocabulary.rules.payouts;

import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.networks.MobileNetwork;
import com.paywire.vocabulary.networks.MobileNumbers;
import com.paywire.vocabulary.payouts.PaymentOrderSubmission;
import com.paywire.vocabulary.payouts.PayoutRecipient;
import com.paywire.vocabulary.payouts.PayoutRemitter;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.FieldProblem;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import com.paywire.vocabulary.rules.routes.Route;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The payment order rules that need the client's routes or depend on the kind of payout: mandatory fields
 * of bank transfers, the mobile subset, MCCMNC from the published list, route and channel type from the
 * client's assignments, one systemTraceAuditNumber per line (amounts follow the one amount rule, {@link com.paywire.vocabulary.rules.amounts.Amounts}, which
 * the API checks as it reads the request). A plain class: the client's routes come in through {@link AssignedRoutes},
 * so the rules are tested without a database.
 */
public final class PaymentOrderValidator {

    /** The route of this id assigned to the client, whatever its state; empty when none is. */
    @FunctionalInterface
    public interface AssignedRoutes {
        Optional<Route> find(String clientId, UUID routeId);
    }


    private static final Pattern GUID = Pattern.compile("(?i)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Pattern INTERNATIONAL_PHONE = Pattern.compile("\\+[1-9]\\d{7,14}");
    private static final Pattern COUNTRY = Pattern.compile("[A-Z]{2}");
    private static final Pattern BUSINESS_NUMBER = Pattern.compile("\\d{5,7}");
    private static final Pattern ACCOUNT_REFERENCE = Pattern.compile("[A-Za-z0-9-]{1,20}");

    /** Told of each line that named a channel type its route takes (the caller logs the deprecated ones). */
    public interface ChannelTypeUse {
        void taken(String clientId, Route route, int channelType);
    }

    private final AssignedRoutes routes;
    private final ChannelTypeUse deprecatedUse;

    public PaymentOrderValidator(AssignedRoutes routes, ChannelTypeUse deprecatedUse) {
        this.routes = routes;
        this.deprecatedUse = deprecatedUse;
    }

    /**
     * A line that passed every rule, with the route it goes through.
     *
     * @param creditAccount    what the rail credits: the wallet's phone number, the bank account, the paybill or till
     * @param accountReference the account being paid at a business (paybill); null otherwise
     */
    public record ValidLine(PaymentOrderSubmission.Line line, Route route, Rail rail, String creditAccount,
                     String accountReference) {
    }

    public List<ValidLine> validate(String clientId, PaymentOrderSubmission order, List<FieldProblem> errors) {
        List<ValidLine> valid = new ArrayList<>();
        Set<String> stans = new HashSet<>();
        for (int i = 0; i < order.paymentOrderLines().size(); i++) {
            LineErrors e = new LineErrors("paymentOrderLines[" + i + "].", errors);
            PaymentOrderSubmission.Line line = order.paymentOrderLines().get(i);
            PaymentOrderSubmission.Transaction tx = line.transaction();

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
            route.get().channelTypeRefusal(tx.channelType(), "ChannelType")
                    .ifPresentOrElse(refused -> e.add("transaction.ChannelType", refused),
                            () -> deprecatedUse.taken(clientId, route.get(), tx.channelType()));
            if (tx.amount() != null) {
                AmountLimit.ofPayoutRoute(route.get().category()).refusal(tx.amount())
                        .ifPresent(rule -> e.add("transaction.amount", rule));
            }
            ValidLine checked = switch (route.get().category()) {
                case "BANK_TRANSFER" -> {
                    validateBankTransfer(line, e);
                    yield new ValidLine(line, route.get(), Rail.BANK, line.recipient().primaryAccountNumber(), null);
                }
                case "BUSINESS_PAYBILL", "BUSINESS_TILL" -> validateBusinessPayout(line, route.get(), e);
                default -> {
                    validateMobileTransfer(line, e);
                    String wallet = wallet(line.recipient().primaryAccountNumber());
                    yield new ValidLine(line, route.get(), Rail.MOBILE_MONEY, wallet, null);
                }
            };
            if (!e.any()) {
                valid.add(checked);
            }
        }
        return valid;
    }

    private Optional<Route> findRoute(String clientId, String routeId) {
        if (!GUID.matcher(routeId).matches()) {
            return Optional.empty();
        }
        return routes.find(clientId, UUID.fromString(routeId))
                .filter(r -> r.routeIsActive() && r.categoryIsEnabled())
                .filter(r -> AmountLimit.PAYOUT_ROUTES.contains(r.category()));
    }

    private static void validateMobileTransfer(PaymentOrderSubmission.Line line, LineErrors e) {
        PayoutRecipient recipient = line.recipient();
        validateSentRemitter(line.remitter(), e);
        e.mccmnc("recipient.mccmnc", recipient.mccmnc());
        e.phone("recipient.primaryAccountNumber", recipient.primaryAccountNumber(), true);
        e.phone("recipient.phoneNumber", recipient.phoneNumber(), false);
        e.currency("recipient.ccy", recipient.ccy(), false);
        e.country("recipient.country", recipient.country(), false);
    }

    /** Mobile and business lines may omit the remitter; what is sent must still be right. */
    private static void validateSentRemitter(PayoutRemitter remitter, LineErrors e) {
        if (remitter == null) {
            return;
        }
        e.phone("remitter.phoneNumber", remitter.phoneNumber(), false);
        e.country("remitter.country", remitter.country(), false);
        e.country("remitter.nationality", remitter.nationality(), false);
        e.date("remitter.dateOfBirth", remitter.dateOfBirth(), false);
        e.date("remitter.idExpiryDate", remitter.idExpiryDate(), false);
        e.date("remitter.idIssueDate", remitter.idIssueDate(), false);
        e.currency("remitter.ccy", remitter.ccy(), false);
    }

    private static void validateBankTransfer(PaymentOrderSubmission.Line line, LineErrors e) {
        PayoutRemitter r = line.remitter();
        if (r == null) {
            e.add("remitter", "The remitter field is required for bank transfers.");
            validateBankRecipient(line.recipient(), e);
            return;
        }
        e.date("remitter.idIssueDate", r.idIssueDate(), false);
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
        validateBankRecipient(line.recipient(), e);
    }

    private static void validateBankRecipient(PayoutRecipient p, LineErrors e) {
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

    /**
     * A payout to a business: the paybill or till number in {@code recipient.institutionIdentifier} (the public
     * shape) or, when that is absent, in {@code recipient.primaryAccountNumber} (Paywire's first shape). In the
     * public shape the account paid at a paybill is {@code recipient.primaryAccountNumber}, which clients also send
     * as {@code transaction.accountNo}; when both are sent they must agree.
     */
    private static ValidLine validateBusinessPayout(PaymentOrderSubmission.Line line, Route route, LineErrors e) {
        PayoutRecipient recipient = line.recipient();
        String accountNo = blankToNull(line.transaction().accountNo());
        validateSentRemitter(line.remitter(), e);
        e.required("recipient.name", recipient.name());
        e.currency("recipient.ccy", recipient.ccy(), false);
        String institution = blankToNull(recipient.institutionIdentifier());
        String primary = blankToNull(recipient.primaryAccountNumber());
        String businessNumber;
        String accountReference;
        String businessField;
        if (institution != null) {
            businessNumber = institution;
            businessField = "recipient.institutionIdentifier";
            if (primary != null && accountNo != null && !primary.equals(accountNo)) {
                e.add("transaction.accountNo", "The accountNo must be the recipient's primaryAccountNumber, the account "
                        + "being paid at the business.");
            }
            accountReference = primary != null ? primary : accountNo;
        } else {
            businessNumber = primary;
            businessField = "recipient.primaryAccountNumber";
            accountReference = accountNo;
        }
        if (businessNumber == null) {
            e.add("recipient.institutionIdentifier", "The institutionIdentifier field is required: the paybill or "
                    + "till number.");
        } else if (!BUSINESS_NUMBER.matcher(businessNumber).matches()) {
            e.add(businessField, "The " + businessField.substring(businessField.indexOf('.') + 1)
                    + " must be a paybill or till number of 5 to 7 digits.");
        }
        boolean till = "BUSINESS_TILL".equals(route.category());
        if (till && accountReference != null) {
            e.add(institution != null ? "recipient.primaryAccountNumber" : "transaction.accountNo",
                    "A till takes no account number: send the till number alone.");
        } else if (accountReference != null && !ACCOUNT_REFERENCE.matcher(accountReference).matches()) {
            e.add(institution != null && primary != null ? "recipient.primaryAccountNumber" : "transaction.accountNo",
                    "The account number at the business must be 1 to 20 letters, digits or dashes.");
        }
        return new ValidLine(line, route, Rail.MOBILE_MONEY, businessNumber, accountReference);
    }

    /** The wallet as the payout rail takes it: a Kenyan number as +2547…, another country's as sent. */
    private static String wallet(String primaryAccountNumber) {
        return MobileNumbers.withPlus(primaryAccountNumber).orElse(primaryAccountNumber);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }

    /** Collects one line's errors under its path prefix. */
    private static final class LineErrors {
        private final String prefix;
        private final List<FieldProblem> errors;
        private final int before;

        LineErrors(String prefix, List<FieldProblem> errors) {
            this.prefix = prefix;
            this.errors = errors;
            this.before = errors.size();
        }

        boolean any() {
            return errors.size() > before;
        }

        void add(String field, String message) {
            errors.add(new FieldProblem(prefix + field, message));
        }

        boolean required(String field, String value) {
            if (value == null || value.isBlank()) {
                add(field, "The " + leaf(field) + " field is required.");
                return false;
            }
            return true;
        }

        /** A phone number in international format, or a Kenyan mobile number in any of its three forms. */
        void phone(String field, String value, boolean mandatory) {
            check(field, value, mandatory, v -> INTERNATIONAL_PHONE.matcher(v).matches()
                    || MobileNumbers.kenyan(v).isPresent() ? null
                    : "The " + leaf(field) + " must be a phone number in international format such as +254712345678;"
                    + " a Kenyan mobile number may also be written " + MobileNumbers.FORMS + ".");
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
            check(field, value, true, v -> MobileNetwork.ofMccmnc(v).isPresent() ? null
                    : "The mccmnc '" + v + "' is not on the published list: " + List.copyOf(MobileNetwork.mccmncs())
                    + ".");
        }

        void currency(String field, Integer value, boolean mandatory) {
            if (value == null) {
                if (mandatory) {
                    add(field, "The " + leaf(field) + " field is required.");
                }
            } else if (value != Currencies.KES_NUMBER) {
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
