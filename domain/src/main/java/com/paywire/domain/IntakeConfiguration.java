package com.paywire.domain;

import com.paywire.domain.accountvalidation.AccountValidationProperties;
import com.paywire.domain.accountvalidation.AccountValidations;
import com.paywire.domain.airtime.AirtimeProperties;
import com.paywire.domain.airtime.AirtimePurchases;
import com.paywire.domain.bills.BillRequests;
import com.paywire.domain.bills.BillsProperties;
import com.paywire.domain.checkout.CardEntry;
import com.paywire.domain.checkout.CheckoutOrders;
import com.paywire.domain.checkout.HostedCheckout;
import com.paywire.domain.clients.ActiveClients;
import com.paywire.domain.clients.ClientAdministration;
import com.paywire.domain.clients.ClientCredentials;
import com.paywire.domain.collections.CollectionsProperties;
import com.paywire.domain.collections.ExpressDeposits;
import com.paywire.domain.collections.PaymentLinks;
import com.paywire.domain.collections.PromptCaps;
import com.paywire.domain.collections.paybill.MerchantValidation;
import com.paywire.domain.collections.paybill.PaybillDeposits;
import com.paywire.domain.kyc.KycProperties;
import com.paywire.domain.kyc.KycRequests;
import com.paywire.domain.payouts.PaymentOrderStarter;
import com.paywire.domain.payouts.PaymentOrders;
import com.paywire.domain.payouts.PayoutsProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The intake of clients' requests: payment orders, express deposits, checkout orders, KYC requests, account
 * validations, airtime purchases and bill payments accepted, recorded and started (with their outbox sweeps), the
 * rail's paybill deposits (C2B) validated, recorded and started, payment links and the deposits paid through them, and the
 * hosted checkout page's payer side, with the caps on the phone prompts those pages start; and the clients themselves:
 * the operator's administration of them, the check of their secrets and of their tokens' standing. Import it, next to
 * {@link DomainConfiguration}, in the role that accepts those requests (the API) and in no other: it needs that
 * role's settings ({@code paywire.payouts}, {@code paywire.collections}, {@code paywire.kyc},
 * {@code paywire.account-validation}, {@code paywire.airtime}, {@code paywire.bills}, {@code paywire.sandbox}), and
 * the worker accepts nothing. For that reason {@link DomainConfiguration}'s scan leaves it out, and the classes it
 * imports are no components.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({PayoutsProperties.class, CollectionsProperties.class, KycProperties.class,
        AccountValidationProperties.class, AirtimeProperties.class, BillsProperties.class})
@Import({PaymentOrders.class, PaymentOrderStarter.class, ExpressDeposits.class, PaymentLinks.class,
        PromptCaps.class, CheckoutOrders.class, HostedCheckout.class, CardEntry.class, KycRequests.class,
        AccountValidations.class, AirtimePurchases.class, BillRequests.class, PaybillDeposits.class,
        MerchantValidation.class, ClientAdministration.class, ClientCredentials.class, ActiveClients.class})
public class IntakeConfiguration {
}
