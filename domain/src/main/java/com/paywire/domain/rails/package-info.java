/**
 * What Paywire knows of each outside rail's protocol, one package per protocol: the requests it takes, the
 * answers and callbacks it sends (read strictly, see {@link com.paywire.domain.rails.RailMessage}) and its result
 * codes in Paywire's vocabulary. The rail-callback endpoint and the rail activities both read the rail here, so
 * they cannot disagree. HTTP itself (connections, retries, secrets) is theirs, not the protocol's. What a callback,
 * once read, does to the payment it names is {@link com.paywire.domain.rails.RailCallbacks}'s.
 *
 * <ul>
 *   <li>{@code b2c}: mobile-money B2C payouts (wallets, paybills, tills);</li>
 *   <li>{@code banktransfer}: bank transfers;</li>
 *   <li>{@code stkpush}: the mobile-money phone prompt behind express deposits;</li>
 *   <li>{@code identity}: the national identity registry's person lookup, behind KYC;</li>
 *   <li>{@code accountlookup}: the account-holder lookup of operators and banks, behind account validation;</li>
 *   <li>{@code airtime}: the networks' airtime top-ups, behind airtime purchases;</li>
 *   <li>{@code biller}: the biller aggregator's account lookup and payments, behind bills.</li>
 * </ul>
 * The two payout rails share one shape of answer, {@link com.paywire.domain.rails.PayoutRailProtocol}. A new rail
 * gets its own package here, beside these.
 */
package com.paywire.domain.rails;
