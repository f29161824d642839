package com.paywire.domain.bills;

import com.paywire.domain.UnavailableException;
import com.paywire.domain.rails.RailMessageException;
import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.rails.biller.BillerProtocol.BillerAccount;
import com.paywire.domain.rails.biller.BillerRail;
import com.paywire.domain.rails.biller.HttpBillerRail;
import com.paywire.vocabulary.bills.BillService;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Asks a biller about an account, synchronously: saving a bill number, querying a bill and validating an account
 * are answered in the client's response, so they cannot wait for a workflow. Nothing is moved, so a lost answer
 * costs only a retry by the client. At most {@link #ANSWER_WITHIN} per question.
 */
@Component
public class BillerAccounts {

    /** How long a biller has to answer before the client is told to try again (503). */
    public static final Duration ANSWER_WITHIN = Duration.ofSeconds(5);

    private final BillerRail biller;

    @Autowired
    public BillerAccounts(@Value("${paywire.rails.biller-base-url}") String billerBaseUrl, MeterRegistry meters) {
        this(new HttpBillerRail(billerBaseUrl, ANSWER_WITHIN, ANSWER_WITHIN, meters));
    }

    public BillerAccounts(BillerRail biller) {
        this.biller = biller;
    }

    /**
     * @return the account as the biller describes it, or empty when the biller does not know it
     * @throws UnavailableException when the biller does not answer in time, or answers nonsense
     */
    public Optional<BillerAccount> lookUp(BillService service, String accountNumber) {
        try {
            return biller.lookUp(UUID.randomUUID().toString(), service.serviceCode(), accountNumber);
        } catch (RailUnavailableException | RailMessageException e) {
            throw new UnavailableException(service.name() + " did not answer in time; try again");
        }
    }
}
