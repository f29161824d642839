package com.paywire.vocabulary.networks;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The Kenyan mobile networks Paywire reaches (Safaricom with M-PESA, Airtel with Airtel Money, Telkom with T-Kash),
 * named once: their code on the published MCCMNC list (which payout lines, express deposits and account validations
 * carry) and the number prefixes they were issued (the first three of the nine digits after 254), which airtime top-ups go by. Numbers
 * ported between networks keep their prefix and are not followed; a prefix of no network here (Equitel, Faiba, ...)
 * belongs to none.
 *
 * <table>
 *   <caption>Networks</caption>
 *   <tr><th>network</th><th>MCCMNC</th><th>254 and</th></tr>
 *   <tr><td>Safaricom</td><td>63902</td><td>700-729, 740-743, 745, 746, 748, 757-759, 768, 769, 790-799, 110-115</td></tr>
 *   <tr><td>Airtel</td><td>63903</td><td>730-739, 750-756, 762, 780-789, 100-102</td></tr>
 *   <tr><td>Telkom</td><td>63907</td><td>770-779</td></tr>
 * </table>
 */
public enum MobileNetwork {
    SAFARICOM("63902", List.of(new Range(700, 729), new Range(740, 743),
            new Range(745, 746), new Range(748, 748), new Range(757, 759), new Range(768, 769),
            new Range(790, 799), new Range(110, 115))),
    AIRTEL("63903", List.of(new Range(730, 739), new Range(750, 756), new Range(762, 762),
            new Range(780, 789), new Range(100, 102))),
    TELKOM("63907", List.of(new Range(770, 779)));

    /** The network of a wallet payout whose recipient names none: M-PESA's, as the live API assumes. */
    public static final MobileNetwork WALLET_DEFAULT = SAFARICOM;

    private final String mccmnc;
    private final List<Range> prefixes;

    MobileNetwork(String mccmnc, List<Range> prefixes) {
        this.mccmnc = mccmnc;
        this.prefixes = prefixes;
    }

    /** Its code on the published MCCMNC list (mobile country code 639, then its network code). */
    public String mccmnc() {
        return mccmnc;
    }

    /** The settlement account's rail name in the ledger for its airtime: what it is owed for the airtime it issued. */
    public String airtimeLedgerRail() {
        return "AIRTIME_" + name();
    }

    /** The network with this MCCMNC, if Paywire reaches it. */
    public static Optional<MobileNetwork> ofMccmnc(String mccmnc) {
        return Arrays.stream(values()).filter(n -> n.mccmnc.equals(mccmnc)).findFirst();
    }

    /** The published list's codes, in order. */
    public static SortedSet<String> mccmncs() {
        return Arrays.stream(values()).map(MobileNetwork::mccmnc).collect(Collectors.toCollection(TreeSet::new));
    }

    /** The network that issued a number, by its prefix. @param msisdn 254 and nine digits */
    public static Optional<MobileNetwork> ofNumber(String msisdn) {
        if (msisdn == null || !msisdn.matches("254\\d{9}")) {
            return Optional.empty();
        }
        int prefix = Integer.parseInt(msisdn.substring(3, 6));
        return Arrays.stream(values()).filter(n -> n.prefixes.stream().anyMatch(r -> r.contains(prefix))).findFirst();
    }

    private record Range(int from, int to) {

        boolean contains(int prefix) {
            return prefix >= from && prefix <= to;
        }
    }
}
