package com.paywire.domain.accountvalidation;

import com.paywire.domain.rails.accountregistry.AccountLookupProtocol;
import com.paywire.vocabulary.networks.MobileNetwork;
import java.util.Optional;
import java.util.regex.Pattern;

/** The institutions whose accounts can be validated: Kenya's mobile-money operators (by MCCMNC, {@link MobileNetwork}) and its banks. */
public final class Institutions {

    /** Bank codes are the two-digit codes of Kenya's bank clearing, written with or without a leading zero. */
    private static final Pattern BANK_CODE = Pattern.compile("\\d{1,3}");

    private Institutions() {
    }

    /** The institution's code as the rail takes it, or empty when Paywire reaches no such institution. */
    public static Optional<String> code(int validationType, String institutionCode) {
        if (validationType == AccountLookupProtocol.MOBILE_WALLET) {
            return MobileNetwork.ofMccmnc(institutionCode).map(MobileNetwork::mccmnc);
        }
        if (!BANK_CODE.matcher(institutionCode).matches()) {
            return Optional.empty();
        }
        int code = Integer.parseInt(institutionCode);
        return code >= 1 && code <= 99 ? Optional.of(String.format("%02d", code)) : Optional.empty();
    }
}
