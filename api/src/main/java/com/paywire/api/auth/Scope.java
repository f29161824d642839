package com.paywire.api.auth;

import com.paywire.vocabulary.products.Product;
import java.util.Arrays;
import java.util.List;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.method.HandlerMethod;

/**
 * What a token lets its holder do. A client holds some of these; a token carries those it asked for; every
 * protected operation declares the one it needs with {@link RequiresScope}. {@link #ADMIN} is the operator
 * client's alone: no merchant client holds it, and it grants nothing else.
 */
public enum Scope {
    PAYOUTS("payouts", "Payment orders to wallets, banks and businesses"),
    COLLECTIONS("collections", "Express deposits and payment links"),
    CARDS("cards", "Card payments, 3-D Secure, fraud screening, saved cards"),
    CHECKOUT("checkout", "Hosted checkout orders"),
    KYC("kyc", "Identity (KYC) and account validation"),
    BILLS("bills", "Airtime and bill payments"),
    ACCOUNTS("accounts", "Balances, charges and the routes assigned to the client"),
    WEBHOOKS("webhooks", "Webhook endpoints and the events delivered to them"),
    OPERATIONS("operations", "Platform health details, metrics and unconfirmed payments (operators)"),
    ADMIN("admin", "Clients: create, list, disable and enable them, rotate their secrets, assign routes, set floats"
            + " in the sandbox (the operator client alone)");

    private final String value;
    private final String description;

    Scope(String value, String description) {
        this.value = value;
        this.description = description;
    }

    /** The name as OAuth2 writes it in the {@code scope} parameter and claim. */
    public String value() {
        return value;
    }

    public String description() {
        return description;
    }

    /** Every scope a client may hold but {@link #ADMIN}. */
    public static List<String> allValues() {
        return Arrays.stream(values()).filter(scope -> scope != ADMIN).map(Scope::value).toList();
    }

    /**
     * What the sandbox client and a client created through the admin API hold: every product's scope, but neither
     * {@link #ADMIN} nor {@link #OPERATIONS}, which sees every client's payments (timelines, unconfirmed payments,
     * decoded histories).
     */
    public static List<String> merchantValues() {
        return Arrays.stream(values()).filter(scope -> scope != ADMIN && scope != OPERATIONS).map(Scope::value)
                .toList();
    }

    /** The scope of a payment's own status query: what a token needs to follow a payment of that kind. */
    public static Scope ofStatusQuery(Product kind) {
        return switch (kind) {
            case PAYMENT_ORDER, PAYOUT -> PAYOUTS;
            case PHONE_PROMPT, PAYMENT_LINK, PAYBILL_DEPOSIT, SETTLEMENT -> COLLECTIONS;
            case CHECKOUT -> CHECKOUT;
            case CARD -> CARDS;
            case KYC, ACCOUNT_VALIDATION -> KYC;
            case AIRTIME, BILL -> BILLS;
            case BILL_REMINDER, WEBHOOK, ACCOUNT_TRANSFER ->
                    throw new IllegalArgumentException(kind + " has no status query");
        };
    }

    /** The scopes an operation declares (any one will do) on its method or, failing that, on its controller. */
    public static List<Scope> requiredBy(HandlerMethod handler) {
        RequiresScope onMethod = AnnotatedElementUtils.findMergedAnnotation(handler.getMethod(), RequiresScope.class);
        RequiresScope declared = onMethod != null ? onMethod
                : AnnotatedElementUtils.findMergedAnnotation(handler.getBeanType(), RequiresScope.class);
        return declared == null ? List.of() : List.of(declared.value());
    }
}
