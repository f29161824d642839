package com.paywire.domain.checkout;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.cards.CardTokens;
import com.paywire.domain.cards.PayerAuthentication;
import com.paywire.domain.rails.cardprocessor.CardVault;
import java.util.Set;

/**
 * The card a payer enters on the hosted checkout page, taken as the card domain takes any card: it becomes a
 * transient token (the vault keeps the number), 3-D Secure decides frictionless or challenge, and only then is the
 * checkout's workflow asked to authorise and capture it ({@link CardCheckout}). The page never holds more than the
 * token.
 */
public class CardEntry {

    /** The networks the hosted page takes; the sandbox processor knows these. */
    static final Set<String> NETWORKS = Set.of("VISA", "MASTERCARD");

    private final HostedCheckout checkouts;
    private final CardTokens tokens;
    private final PayerAuthentication authentication;

    CardEntry(HostedCheckout checkouts, CardTokens tokens, PayerAuthentication authentication) {
        this.checkouts = checkouts;
        this.tokens = tokens;
        this.authentication = authentication;
    }

    /** What the page does next: nothing but show progress, or show the card issuer's challenge. */
    public sealed interface Next {
    }

    public record Submitted() implements Next {
    }

    /** The issuer wants the payer to confirm; the token waits on the payer's page until they have. */
    public record Challenge(String payerAuthenticationId, String transientToken, String network, String lastFour)
            implements Next {
    }

    /**
     * @param order the order as the page just read it
     * @throws InvalidInputException   naming the card's fields (Number, ExpiryMonth, ...) or the billTo* fields
     * @throws CheckoutStateException when the order cannot be paid now
     */
    public Next pay(CheckoutPage order, BillTo billTo, CardVault.CardDetails card) {
        requirePayable(order);
        CardTokens.TransientToken token = tokens.tokenise(order.clientId(), card, NETWORKS);
        PayerAuthentication.Setup setup = authentication.setup(order.clientId(), token.card());
        PayerAuthentication.Enrolment enrolment = authentication.checkEnrolment(order.clientId(), setup.referenceId(),
                order.totalAmount(), order.currencyName());
        return switch (enrolment.status()) {
            case PENDING_AUTHENTICATION -> new Challenge(enrolment.payerAuthenticationId(), token.token(),
                    token.card().network(), token.card().lastFour());
            case AUTHENTICATION_SUCCESSFUL -> submit(order, billTo, token.token(), enrolment.payerAuthenticationId());
            default -> submit(order, billTo, token.token(), null); // not enrolled: authorised without 3-D Secure
        };
    }

    /**
     * The payer answered the issuer's challenge.
     *
     * @throws InvalidInputException naming {@code code} when the issuer did not confirm
     */
    public Next completeChallenge(CheckoutPage order, BillTo billTo, String transientToken,
                                  String payerAuthenticationId) {
        requirePayable(order);
        PayerAuthentication.Result result = authentication.validate(order.clientId(), payerAuthenticationId);
        if (result.status() != PayerAuthentication.Status.AUTHENTICATION_SUCCESSFUL) {
            throw InvalidInputException.of(null, "code", "Your bank did not confirm the payment.");
        }
        return submit(order, billTo, transientToken, payerAuthenticationId);
    }

    private Next submit(CheckoutPage order, BillTo billTo, String transientToken, String payerAuthenticationId) {
        checkouts.payByCard(order.checkoutId(), billTo, transientToken, payerAuthenticationId);
        return new Submitted();
    }

    /** Checked before the card goes to the vault; paying checks again, atomically, as it takes the attempt. */
    private static void requirePayable(CheckoutPage order) {
        if (!order.payable()) {
            throw CheckoutStateException.notPayable(order.status(), order.attemptsUsedUp());
        }
    }
}
