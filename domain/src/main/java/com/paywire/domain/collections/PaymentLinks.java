package com.paywire.domain.collections;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.collections.PaymentLinkStore;
import com.paywire.persistence.collections.ShortCodeStore;
import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.PaymentLink;
import com.paywire.vocabulary.collections.PaymentLinkStatus;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.networks.MobileNumbers;
import com.paywire.vocabulary.rules.FieldProblem;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import com.paywire.vocabulary.rules.amounts.Amounts;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Payment links: a client creates and changes them; a payer pays through an active one, on its hosted page, by an
 * express deposit the link fills in.
 */
public final class PaymentLinks {

    /** The field a payer enters the amount in when the link leaves it open. */
    public static final String ENTERED_AMOUNT = "amount";

    private final PaymentLinkStore links;
    private final DepositStore deposits;
    private final ShortCodeStore shortCodes;
    private final ExpressDeposits expressDeposits;
    private final PromptCaps promptCaps;
    private final UrlPolicy urlPolicy;
    private final Clock clock;

    PaymentLinks(PaymentLinkStore links, DepositStore deposits, ShortCodeStore shortCodes,
                 ExpressDeposits expressDeposits, PromptCaps promptCaps, UrlPolicy urlPolicy, Clock clock) {
        this.links = links;
        this.deposits = deposits;
        this.shortCodes = shortCodes;
        this.expressDeposits = expressDeposits;
        this.promptCaps = promptCaps;
        this.urlPolicy = urlPolicy;
        this.clock = clock;
    }

    public PaymentLink create(String clientId, PaymentLinkDetails d) {
        PaymentLink link = new PaymentLink(UUID.randomUUID(), clientId, d.shortCode(), d.firstName(), d.lastName(),
                d.emailAddress(), d.phoneNumber(), d.accountReference(), d.paymentType(), d.description(),
                d.isAmountSpecified(), d.amount(), d.currency() == null ? Currencies.KES : d.currency(), d.redirectionSite(),
                PaymentLinkStatus.ACTIVE, OffsetDateTime.now(clock), d.callBackUrl());
        validate(link, d.callBackUrl() != null);
        links.save(link);
        return link;
    }

    /**
     * @param changes null fields keep what the link has
     * @param status  ACTIVE or DISABLED (a disabled link's page says so), or null to keep it
     */
    public PaymentLink update(String clientId, UUID id, PaymentLinkDetails changes, String status) {
        PaymentLink old = find(clientId, id);
        PaymentLinkStatus newStatus = status == null ? old.status() : parseStatus(status);
        PaymentLink link = new PaymentLink(old.id(), old.clientId(), or(changes.shortCode(), old.shortCode()),
                or(changes.firstName(), old.firstName()), or(changes.lastName(), old.lastName()),
                or(changes.emailAddress(), old.emailAddress()), or(changes.phoneNumber(), old.phoneNumber()),
                or(changes.accountReference(), old.accountReference()), or(changes.paymentType(), old.paymentType()),
                or(changes.description(), old.description()),
                or(changes.isAmountSpecified(), old.isAmountSpecified()), or(changes.amount(), old.amount()),
                or(changes.currency(), old.currency()), or(changes.redirectionSite(), old.redirectionSite()),
                newStatus, old.createdDate(), or(changes.callBackUrl(), old.callbackUrl()));
        validate(link, changes.callBackUrl() != null);
        links.save(link);
        return link;
    }

    /** The client's link. */
    public PaymentLink find(String clientId, UUID id) {
        return links.find(clientId, id).orElseThrow(() -> new UnknownResourceException("No payment link has that id"));
    }

    /** Anyone's link, active or not: for its public page. */
    public Optional<PaymentLink> find(UUID id) {
        return links.find(id);
    }

    /** The link, when a payer may pay through it. */
    public Optional<PaymentLink> payable(UUID id) {
        return links.find(id).filter(l -> l.status() == PaymentLinkStatus.ACTIVE);
    }

    /** The payments made through the link, newest first. */
    public List<Deposit> payments(PaymentLink link) {
        return deposits.ofLink(link.id());
    }

    /** One payment made through the link. */
    public Optional<Deposit> payment(PaymentLink link, UUID depositId) {
        return deposits.find(depositId).filter(d -> link.id().equals(d.paymentLinkId()));
    }

    /**
     * A payer pays through the link: an express deposit from their phone, of the link's amount or, when the link
     * leaves it open, of the amount they entered.
     *
     * @throws InvalidInputException   for the {@link #ENTERED_AMOUNT} alone when it breaks the amount rule;
     *                                 otherwise for the deposit's fields (PhoneNumber, ...)
     * @throws TooManyPromptsException when the phone has had its prompts for now ({@link PromptCaps}): nothing is sent
     */
    public Deposit pay(PaymentLink link, String phoneNumber, String enteredAmount) {
        String amount = link.isAmountSpecified() ? link.amount().toPlainString()
                : enteredAmount.trim().replace(",", "");
        if (!link.isAmountSpecified()) {
            Optional<BigDecimal> entered = Amounts.parse(amount);
            if (entered.isEmpty()) {
                throw InvalidInputException.of(null, ENTERED_AMOUNT, "The " + ENTERED_AMOUNT + " " + Amounts.RULE + ".");
            }
            AmountLimit.PHONE_PROMPT.refusal(entered.get()).ifPresent(rule -> {
                throw InvalidInputException.of(null, ENTERED_AMOUNT, rule);
            });
        }
        Optional<String> mobile = MobileNumbers.kenyan(phoneNumber);
        ExpressDepositSubmission deposit = new ExpressDepositSubmission(link.shortCode(), amount,
                mobile.orElse(phoneNumber), null, trim(link.description(), 100),
                "link-" + link.id() + "-" + UUID.randomUUID(), link.callbackUrl(), 0, link.redirectionSite(), null, null,
                link.currency(), null, null, null);
        if (mobile.isEmpty()) {
            return expressDeposits.accept(link.clientId(), deposit, link.id()); // refuses the PhoneNumber
        }
        UUID prompt = promptCaps.takeForLink(mobile.get());
        try {
            return expressDeposits.accept(link.clientId(), deposit, link.id());
        } catch (RuntimeException notSent) {
            promptCaps.release(prompt);
            throw notSent;
        }
    }

    /** As the client writes it: the exact name. */
    private static PaymentLinkStatus parseStatus(String name) {
        try {
            return PaymentLinkStatus.valueOf(name);
        } catch (IllegalArgumentException unknown) {
            throw InvalidInputException.of(null, "status", "The status must be ACTIVE or DISABLED.");
        }
    }

    /** @param newCallback whether the callback URL is new: one the link kept was checked when it came */
    private void validate(PaymentLink link, boolean newCallback) {
        List<FieldProblem> errors = new ArrayList<>();
        if (shortCodes.find(link.clientId(), link.shortCode()).isEmpty()) {
            errors.add(new FieldProblem("shortCode", "The shortCode '" + link.shortCode() + "' is not issued to you."));
        }
        if (link.isAmountSpecified() && link.amount() == null) {
            errors.add(new FieldProblem("amount", "The amount is required when isAmountSpecified is true."));
        } else if (link.isAmountSpecified()) {
            // its payers pay by phone prompt: an amount no prompt may carry would make a link nobody can pay
            AmountLimit.PHONE_PROMPT.refusal(link.amount()).ifPresent(rule -> errors.add(new FieldProblem("amount", rule)));
        }
        if (!Currencies.KES.equals(link.currency())) {
            errors.add(new FieldProblem("currency", "The currency must be KES."));
        }
        ExpressDeposits.redirect("redirectionSite", link.redirectionSite(), errors);
        if (newCallback) {
            urlPolicy.refusal(link.callbackUrl())
                    .ifPresent(why -> errors.add(new FieldProblem("callBackUrl", "The callBackUrl " + why + ".")));
        }
        if (!errors.isEmpty()) {
            throw new InvalidInputException(null, errors);
        }
    }

    private static String trim(String text, int max) {
        return text == null || text.length() <= max ? text : text.substring(0, max);
    }

    private static <T> T or(T value, T fallback) {
        return value != null ? value : fallback;
    }
}
