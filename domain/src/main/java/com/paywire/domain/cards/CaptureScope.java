package com.paywire.domain.cards;

import com.paywire.domain.InvalidInputException;
import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.vocabulary.rules.FieldProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a capture context lets a browser do: tokenise a card on a page of one of the merchant's origins, of one of
 * the networks the merchant accepts there.
 *
 * @param targetOrigins   each scheme://host[:port], without a path
 * @param allowedNetworks some of {@link #NETWORKS}
 */
public record CaptureScope(List<String> targetOrigins, List<String> allowedNetworks) {

    /** The card networks Paywire takes: those {@link CardNumbers#network} tells. */
    public static final Set<String> NETWORKS = Set.of("VISA", "MASTERCARD", "AMEX");

    /**
     * @param allowedNetworks null or empty for every network Paywire takes
     * @throws InvalidInputException naming TargetOrigins[i] or AllowedCardNetworks[i]
     */
    public static CaptureScope of(List<String> targetOrigins, List<String> allowedNetworks) {
        List<FieldProblem> errors = new ArrayList<>();
        for (int i = 0; i < targetOrigins.size(); i++) {
            String origin = targetOrigins.get(i);
            Optional<String> refusal = UrlPolicy.browserRefusal(origin);
            if (refusal.isPresent()) {
                errors.add(new FieldProblem("TargetOrigins[" + i + "]", "The origin " + refusal.get() + "."));
            } else if (!UrlPolicy.origin(origin).orElseThrow().equalsIgnoreCase(origin)) {
                errors.add(new FieldProblem("TargetOrigins[" + i + "]", "An origin is scheme://host[:port], without a path."));
            }
        }
        List<String> networks = allowedNetworks == null || allowedNetworks.isEmpty()
                ? List.copyOf(NETWORKS) : allowedNetworks;
        for (int i = 0; i < networks.size(); i++) {
            if (!NETWORKS.contains(networks.get(i))) {
                errors.add(new FieldProblem("AllowedCardNetworks[" + i + "]", "The network must be one of " + NETWORKS + "."));
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidInputException(null, errors);
        }
        return new CaptureScope(targetOrigins, networks);
    }
}
