package com.paywire.domain.timeline;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.timeline.PaymentMatch;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Which payment an id means when it names several: a payout line is part of its payment order, and a deposit of
 * its checkout order or payment link, so a client that uses one id for both means the whole. Any other choice is
 * the caller's to make: by product, or, for an operator looking across clients, by client.
 */
final class PaymentMatches {

    private PaymentMatches() {
    }

    /**
     * @param kind the product the caller named, if it named one
     * @throws UnknownResourceException when the id names none (of that product)
     * @throws InvalidInputException    when it names several that are not parts of one another
     */
    static PaymentMatch choose(List<PaymentMatch> matches, Optional<Product> kind) {
        List<PaymentMatch> wholes =
                wholes(matches.stream().filter(m -> kind.map(k -> k == m.kind()).orElse(true)).toList());
        if (wholes.isEmpty()) {
            throw new UnknownResourceException("No payment has that id" + kind.map(k -> " among the "
                    + k.timelineName() + " payments").orElse("") + ".");
        }
        if (wholes.size() == 1) {
            return wholes.getFirst();
        }
        Set<String> clients = wholes.stream().map(PaymentMatch::clientId).collect(Collectors.toCollection(TreeSet::new));
        if (clients.size() > 1) {
            throw InvalidInputException.of(null, "clientId", "The id names payments of " + clients.size()
                    + " clients " + clients + ": name the client with clientId.");
        }
        Set<Product> kinds = wholes.stream().map(PaymentMatch::kind)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Product.class)));
        throw InvalidInputException.of(null, "product", "The id names " + wholes.size() + " payments ("
                + kinds.stream().map(Product::timelineName).collect(Collectors.joining(", "))
                + "): name the one you mean with product, or use Paywire's id of it.");
    }

    /** The payments named, once each, less those named with the payment they are part of. */
    static List<PaymentMatch> wholes(List<PaymentMatch> named) {
        return named.stream().filter(m -> named.stream().noneMatch(whole -> isPartOf(m, whole))).distinct().toList();
    }

    private static boolean isPartOf(PaymentMatch part, PaymentMatch whole) {
        return part.partOf() != null && part.partOf().equals(whole.paywireId()) && part.clientId().equals(whole.clientId())
                && switch (part.kind()) {
                    case PAYOUT -> whole.kind() == Product.PAYMENT_ORDER;
                    case PHONE_PROMPT -> whole.kind() == Product.CHECKOUT || whole.kind() == Product.PAYMENT_LINK;
                    default -> false;
                };
    }
}
