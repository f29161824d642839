package com.paywire.workflows.payouts;

import java.math.BigDecimal;

/**
 * Each rail's own result codes, mapped to Paywire's line result codes. Shared by the rail adapters (answers to
 * calls) and the rail-callback endpoint (answers by callback), so both read the rail the same way.
 *
 * <p>Mobile money: {@code 0} success, {@code 2001} invalid account, {@code 1} insufficient float.
 * Bank: {@code 00} success, {@code 14} invalid account, {@code 51} insufficient funds. Anything else is a
 * third-party failure (13).
 */
public final class RailCodes {

    private RailCodes() {
    }

    public static boolean isSuccess(Rail rail, String railCode) {
        return switch (rail) {
            case MOBILE_MONEY -> "0".equals(railCode);
            case BANK -> "00".equals(railCode);
        };
    }

    public static ResultCode toResultCode(Rail rail, String railCode) {
        if (isSuccess(rail, railCode)) {
            return ResultCode.SUCCESS;
        }
        String invalidAccount = rail == Rail.MOBILE_MONEY ? "2001" : "14";
        String insufficient = rail == Rail.MOBILE_MONEY ? "1" : "51";
        if (invalidAccount.equals(railCode)) {
            return ResultCode.INVALID_CREDIT_ACCOUNT;
        }
        if (insufficient.equals(railCode)) {
            return ResultCode.INSUFFICIENT_WALLET_BALANCE;
        }
        return ResultCode.THIRD_PARTY_FAILURE;
    }

    /** A final answer from the rail, success or failure depending on its code. */
    public static RailResult finalResult(Rail rail, String reference, String railCode, String railDescription,
                                         String receiptNumber, String creditPartyName, BigDecimal walletBalance,
                                         String completedAt) {
        ResultCode code = toResultCode(rail, railCode);
        return new RailResult(reference, code == ResultCode.SUCCESS ? RailResult.State.COMPLETED : RailResult.State.FAILED,
                code.code(), code.description(), railCode, railDescription, receiptNumber, creditPartyName,
                walletBalance, completedAt);
    }
}
