package com.paywire.domain.rails.bank;

import com.paywire.domain.rails.PayoutRailProtocol;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.payouts.PayoutLineCommand;
import java.util.Map;

/** Bank transfers. Codes: {@code 00} success, {@code 14} invalid account, {@code 51} insufficient funds. */
public final class BankTransferProtocol extends PayoutRailProtocol {

    public static final String PAYMENTS_PATH = "/bank/transfers";
    public static final String CALLBACK_PATH = "/rails/bank/transfer-result";

    /** For the registry of {@link PayoutRailProtocol#of}; ask it for the instance. */
    public BankTransferProtocol() {
        super(Rail.BANK, PAYMENTS_PATH, CALLBACK_PATH,
                Map.of("00", ResultCode.SUCCESS, "14", ResultCode.INVALID_CREDIT_ACCOUNT,
                "51", ResultCode.INSUFFICIENT_WALLET_BALANCE));
    }

    @Override
    protected void putRecipient(Map<String, Object> body, PayoutLineCommand line) {
        body.put("accountNumber", line.account());
        body.put("accountName", line.accountName());
        body.put("bankCode", line.institutionCode());
    }
}
