package com.paywire.vocabulary.paybacks;

import com.paywire.vocabulary.products.Product;
import java.util.Arrays;
import java.util.Optional;

/** The collections a client may ask the mobile-money rail to reverse, by the names its requests give them. */
public enum CollectionType {
    /** An express deposit, named by the client's OriginatorConversationId of it. */
    EXPRESS_DEPOSIT(Product.PHONE_PROMPT),
    /** A payment made through a payment link, named by Paywire's id of it (its systemConversationId). */
    PAYMENT_LINK_PAYMENT(Product.PHONE_PROMPT),
    /** A paybill deposit (C2B), named by the rail's receipt. */
    PAYBILL_DEPOSIT(Product.PAYBILL_DEPOSIT);

    private final Product product;

    CollectionType(Product product) {
        this.product = product;
    }

    /** The product whose ledger key the collection's credit, and so its reversal, is under. */
    public Product product() {
        return product;
    }

    public static Optional<CollectionType> ofName(String name) {
        return Arrays.stream(values()).filter(t -> t.name().equals(name)).findFirst();
    }
}
