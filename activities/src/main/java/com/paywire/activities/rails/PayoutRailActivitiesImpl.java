package com.paywire.activities.rails;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.rails.PayoutRailProtocol;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.PayoutRailActivities;
import com.paywire.workflows.payouts.Rail;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.RailResult;
import java.util.EnumMap;
import java.util.Map;
import org.springframework.stereotype.Component;

@Component
public class PayoutRailActivitiesImpl implements PayoutRailActivities {

    private final Map<Rail, PayoutRailClient> rails = new EnumMap<>(Rail.class);

    public PayoutRailActivitiesImpl(RailsProperties properties) {
        rails.put(Rail.MOBILE_MONEY, new PayoutRailClient(PayoutRailProtocol.of(Rail.MOBILE_MONEY),
                properties.mobileMoneyBaseUrl(), properties.callbackBaseUrl(), properties.connectTimeout(),
                properties.readTimeout()));
        rails.put(Rail.BANK, new PayoutRailClient(PayoutRailProtocol.of(Rail.BANK), properties.bankBaseUrl(),
                properties.callbackBaseUrl(), properties.connectTimeout(), properties.readTimeout()));
    }

    @Override
    public RailAcknowledgement sendPayout(PayoutLineCommand line) {
        return reported(() -> rails.get(line.rail()).send(line));
    }

    @Override
    public RailResult queryPayoutStatus(Rail rail, String reference) {
        return reported(() -> rails.get(rail).status(reference));
    }
}
