package com.paywire.vocabulary.checkout;

import com.paywire.vocabulary.Coded;
import java.util.Arrays;
import java.util.Optional;

/**
 * The checkout route's live channel codes, as a merchant names one in an order ({@code ChannelType}): the method its
 * page offers first. The route's deprecated codes stand for these (the route's data says which).
 */
public enum CheckoutChannel implements Coded {
    CARD(158, PaymentMethod.CARD),
    /** M-Pesa, the checkout's mobile money. */
    MPESA(1, PaymentMethod.MOBILE_MONEY);

    private final int code;
    private final PaymentMethod method;

    CheckoutChannel(int code, PaymentMethod method) {
        this.code = code;
        this.method = method;
    }

    @Override
    public int code() {
        return code;
    }

    public PaymentMethod method() {
        return method;
    }

    public static CheckoutChannel of(int code) {
        return Coded.of(CheckoutChannel.class, code);
    }

    /** The channel of a live code; empty for a code the route offers that is neither. */
    public static Optional<CheckoutChannel> find(int code) {
        return Arrays.stream(values()).filter(channel -> channel.code == code).findFirst();
    }
}
