package com.paywire.domain.accountvalidation;

import com.paywire.domain.rails.accountregistry.AccountLookupProtocol;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** The institutions whose accounts can be validated: Kenya's mobile-money operators (by MCCMNC) and its banks. */
public final class Institutions {

    /** Mobile-money operators by MCCMNC. */
    public static final Map<String, String> WALLET_OPERATORS = Map.of(
            "63902", "Safaricom M-PESA",
            "63903", "Airtel Money",
            "63907", "Telkom T-Kash");
    /** Bank codes are the two-digit codes of Kenya's bank clearing, written with or without a leading zero. */
    private static final Pattern BANK_CODE = Pattern.compile("\\d{1,3}");

    private Institutions() {
    }

    /** The institution's code as the rail takes it, or empty when Paywire reaches no such institution. */
    public static Optional<String> code(int validationType, String institutionCode) {
        if (validationType == AccountLookupProtocol.MOBILE_WALLET) {
            return WALLET_OPERATORS.containsKey(institutionCode) ? Optional.of(institutionCode) : Optional.empty();
        }
        if (!BANK_CODE.matcher(institutionCode).matches()) {
            return Optional.empty();
        }
        int code = Integer.parseInt(institutionCode);
        return code >= 1 && code <= 99 ? Optional.of(String.format("%02d", code)) : Optional.empty();
    }
}
