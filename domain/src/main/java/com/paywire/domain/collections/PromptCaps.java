package com.paywire.domain.collections;

import com.paywire.persistence.collections.PagePromptStore;
import com.paywire.persistence.collections.PagePromptStore.Cap;
import com.paywire.vocabulary.networks.MobileNumbers;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * How often a hosted page (a checkout order's, a payment link's) may prompt a phone, so that whoever holds a page's
 * address cannot pester a number with prompts: one phone number at most 5 prompts an hour and 10 a day, counted
 * across every page of every client (the number's owner is the one protected); one checkout order at most 5
 * prompts an hour. A payment link has no count of its own: it is meant for many payers, and a count per link would
 * let one visitor close it to all of them. Express deposits a client asks for through the API are not counted: the
 * client answers for what it sends, and counting them would let a page's visitor block a client's collections.
 */
public class PromptCaps {

    private static final int PHONE_PER_HOUR = 5;
    private static final int PHONE_PER_DAY = 10;
    private static final int CHECKOUT_PER_HOUR = 5;
    private static final Duration HOUR = Duration.ofHours(1);
    private static final Duration DAY = Duration.ofDays(1);
    private static final String PHONE = "phone:";

    private final PagePromptStore prompts;
    private final Clock clock;

    PromptCaps(PagePromptStore prompts, Clock clock) {
        this.prompts = prompts;
        this.clock = clock;
    }

    /**
     * Counts a prompt from a checkout order's page.
     *
     * @param phoneNumber 254 and nine digits, as {@link MobileNumbers} reads it
     * @return the prompt, to {@link #release} should it not be sent after all
     * @throws TooManyPromptsException when the order or the number has had its prompts for now
     */
    public UUID takeForCheckout(UUID checkoutId, String phoneNumber) {
        return take(List.of(new Cap("checkout:" + checkoutId, CHECKOUT_PER_HOUR, HOUR),
                new Cap(PHONE + phoneNumber, PHONE_PER_HOUR, HOUR), new Cap(PHONE + phoneNumber, PHONE_PER_DAY, DAY)));
    }

    /**
     * Counts a prompt from a payment link's page.
     *
     * @see #takeForCheckout
     */
    public UUID takeForLink(String phoneNumber) {
        return take(List.of(new Cap(PHONE + phoneNumber, PHONE_PER_HOUR, HOUR),
                new Cap(PHONE + phoneNumber, PHONE_PER_DAY, DAY)));
    }

    /** Gives back a prompt that was counted but not sent (the page refused it for another reason, or Temporal was away). */
    public void release(UUID prompt) {
        prompts.release(prompt);
    }

    private UUID take(List<Cap> caps) {
        UUID prompt = UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.now(clock);
        prompts.take(prompt, caps, now, now.minus(DAY)).ifPresent(reached -> {
            Duration wait = Duration.between(now, reached.freeAt());
            throw new TooManyPromptsException(reached.cap().subject().startsWith(PHONE)
                    ? "This phone number has had too many payment prompts recently. Please try again in "
                            + inWords(wait) + "."
                    : "This order has had too many M-PESA prompts recently. Please try again in " + inWords(wait)
                            + ", or pay by card.", wait);
        });
        return prompt;
    }

    /** 1 minute, 35 minutes, about 7 hours: rounded up, so that trying again then works. */
    static String inWords(Duration wait) {
        long minutes = Math.max(1, (wait.toSeconds() + 59) / 60);
        if (minutes <= 90) {
            return minutes + (minutes == 1 ? " minute" : " minutes");
        }
        return "about " + (minutes + 59) / 60 + " hours";
    }
}
