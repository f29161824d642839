package com.paywire.activities.rails;

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

    public static final String MOBILE_MONEY_CALLBACK_PATH = "/rails/mobile-money/b2c-result";
    public static final String BANK_CALLBACK_PATH = "/rails/bank/transfer-result";

    private final Map<Rail, PayoutRailClient> rails = new EnumMap<>(Rail.class);

    public PayoutRailActivitiesImpl(RailsProperties properties) {
        rails.put(Rail.MOBILE_MONEY, new PayoutRailClient(Rail.MOBILE_MONEY, properties.mobileMoneyBaseUrl(),
                "/mobile-money/b2c/payments", properties.callbackBaseUrl() + MOBILE_MONEY_CALLBACK_PATH,
                properties.connectTimeout(), properties.readTimeout()));
        rails.put(Rail.BANK, new PayoutRailClient(Rail.BANK, properties.bankBaseUrl(), "/bank/transfers",
                properties.callbackBaseUrl() + BANK_CALLBACK_PATH, properties.connectTimeout(),
                properties.readTimeout()));
    }

    @Override
    public RailAcknowledgement sendPayout(PayoutLineCommand line) {
        return rails.get(line.rail()).send(line);
    }

    @Override
    public RailResult queryPayoutStatus(Rail rail, String systemTraceAuditNumber) {
        return rails.get(rail).status(systemTraceAuditNumber);
    }
}
