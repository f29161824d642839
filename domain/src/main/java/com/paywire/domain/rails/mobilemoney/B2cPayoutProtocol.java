package com.paywire.domain.rails.mobilemoney;

import com.paywire.domain.rails.PayoutRailProtocol;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.payouts.PayoutLineCommand;
import java.util.Map;

/**
 * Mobile-money B2C payouts: to a wallet ({@code msisdn}), or to a paybill or till with the account paid there
 * ({@code accountReference}). Codes: {@code 0} success, {@code 2001} not a registered wallet or account,
 * {@code 1} the rail is out of float.
 */
public final class B2cPayoutProtocol extends PayoutRailProtocol {

    public static final String PAYMENTS_PATH = "/mobile-money/b2c/payments";
    public static final String CALLBACK_PATH = "/rails/mobile-money/b2c-result";

    /** For the registry of {@link PayoutRailProtocol#of}; ask it for the instance. */
    public B2cPayoutProtocol() {
        super(Rail.MOBILE_MONEY, PAYMENTS_PATH, CALLBACK_PATH,
                Map.of("0", ResultCode.SUCCESS, "2001", ResultCode.INVALID_CREDIT_ACCOUNT,
                "1", ResultCode.INSUFFICIENT_WALLET_BALANCE));
    }

    @Override
    protected void putRecipient(Map<String, Object> body, PayoutLineCommand line) {
        body.put("msisdn", line.account());
        body.put("mccmnc", line.institutionCode());
        if (line.accountReference() != null) {
            body.put("accountReference", line.accountReference()); // the account paid at a paybill
        }
    }
}
