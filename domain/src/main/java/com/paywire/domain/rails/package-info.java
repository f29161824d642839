/**
 * Paywire's outside rails, one package per rail. Each holds the rail's protocol (the requests it takes, the answers
 * and callbacks it sends, read strictly, see {@link com.paywire.domain.rails.RailMessage}, and its result codes in
 * Paywire's vocabulary), an interface saying what Paywire asks the rail, and that interface over HTTP (on
 * {@link com.paywire.domain.rails.RailHttp}). The rail-callback endpoint and the rail activities both go through
 * the rail's package, so they cannot disagree; what a callback, once read, does to the payment it names is
 * {@link com.paywire.domain.rails.RailCallbacks}'s.
 *
 * <ul>
 *   <li>{@code mobilemoney}: B2C payouts (wallets, paybills, tills) and the phone prompt behind express deposits;</li>
 *   <li>{@code bank}: bank transfers;</li>
 *   <li>{@code accountregistry}: the account-holder lookup of operators and banks, behind account validation;</li>
 *   <li>{@code identity}: the national identity registry's person lookup, behind KYC;</li>
 *   <li>{@code airtime}: the networks' airtime top-ups, behind airtime purchases;</li>
 *   <li>{@code biller}: the biller aggregator's account lookup and payments, behind bills;</li>
 *   <li>{@code cardprocessor}: the card processor's payments and its vault, behind cards.</li>
 * </ul>
 * The two payout rails share one shape of answer, {@link com.paywire.domain.rails.PayoutRailProtocol}, and one
 * client, {@link com.paywire.domain.rails.HttpPayoutRail}. A new rail gets its own package here, beside these.
 */
package com.paywire.domain.rails;
