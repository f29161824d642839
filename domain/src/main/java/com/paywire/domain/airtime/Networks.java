package com.paywire.domain.airtime;

import java.util.List;
import java.util.Optional;

/**
 * Which Kenyan network a mobile number belongs to, from its prefix: the first three of the nine digits after 254
 * (docs/interface.md#airtime). Numbers ported between networks keep their prefix and are not followed; a prefix
 * of no network Paywire tops up (Equitel, Faiba, ...) is refused when the purchase is accepted.
 *
 * <table>
 *   <caption>Prefixes</caption>
 *   <tr><th>network</th><th>MCCMNC</th><th>254 and</th></tr>
 *   <tr><td>Safaricom</td><td>63902</td><td>700-729, 740-743, 745, 746, 748, 757-759, 768, 769, 790-799, 110-115</td></tr>
 *   <tr><td>Airtel</td><td>63903</td><td>730-739, 750-756, 762, 780-789, 100-102</td></tr>
 *   <tr><td>Telkom</td><td>63907</td><td>770-779</td></tr>
 * </table>
 */
public final class Networks {

    /** A network whose airtime Paywire sells. The AIRTIME route's one channel (7) serves all three. */
    public enum Network {
        SAFARICOM("Safaricom", List.of(new Range(700, 729), new Range(740, 743), new Range(745, 746),
                new Range(748, 748), new Range(757, 759), new Range(768, 769), new Range(790, 799),
                new Range(110, 115))),
        AIRTEL("Airtel", List.of(new Range(730, 739), new Range(750, 756), new Range(762, 762),
                new Range(780, 789), new Range(100, 102))),
        TELKOM("Telkom", List.of(new Range(770, 779)));

        private final String displayName;
        private final List<Range> prefixes;

        Network(String displayName, List<Range> prefixes) {
            this.displayName = displayName;
            this.prefixes = prefixes;
        }

        public String displayName() {
            return displayName;
        }

        /** The settlement account's rail name in the ledger: what the network is owed for the airtime it issued. */
        public String ledgerRail() {
            return "AIRTIME_" + name();
        }
    }

    private record Range(int from, int to) {

        boolean contains(int prefix) {
            return prefix >= from && prefix <= to;
        }
    }

    private Networks() {
    }

    /** @param msisdn 254 and nine digits, as {@link com.paywire.domain.collections.MobileNumbers#kenyan} reads them */
    public static Optional<Network> of(String msisdn) {
        if (msisdn == null || !msisdn.matches("254\\d{9}")) {
            return Optional.empty();
        }
        int prefix = Integer.parseInt(msisdn.substring(3, 6));
        for (Network network : Network.values()) {
            if (network.prefixes.stream().anyMatch(range -> range.contains(prefix))) {
                return Optional.of(network);
            }
        }
        return Optional.empty();
    }
}
