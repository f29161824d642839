package com.paywire.domain;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.domain.airtime.AirtimeProperties;
import com.paywire.domain.airtime.AirtimePurchases;
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
import com.paywire.domain.payouts.PaymentOrderStarter;
import com.paywire.domain.payouts.PaymentOrders;
import com.paywire.domain.payouts.PayoutsProperties;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.context.annotation.AnnotatedBeanDefinitionReader;
import org.springframework.context.annotation.ConfigurationClassPostProcessor;
import org.springframework.mock.env.MockEnvironment;

/**
 * The worker imports {@link DomainConfiguration} alone and must get none of the intake (it has none of its settings,
 * and its outbox sweeps are the API's); the API imports {@link IntakeConfiguration} as well. Read from the bean
 * definitions, so no bean is created and nothing is connected to.
 */
class IntakeConfigurationTest {

    private static final List<Class<?>> INTAKE = List.of(PaymentOrders.class, PaymentOrderStarter.class,
            ExpressDeposits.class, PaymentLinks.class, PromptCaps.class, PayoutsProperties.class, CollectionsProperties.class,
            CheckoutOrders.class, HostedCheckout.class, CardEntry.class, AirtimePurchases.class, AirtimeProperties.class,
            ClientAdministration.class, ClientCredentials.class, ActiveClients.class);

    @Test
    void theDomainAlone_asTheWorkerImportsIt_shouldDefineNoneOfTheIntake() {
        assertThat(beanClasses(DomainConfiguration.class)).doesNotContainAnyElementsOf(INTAKE)
                .doesNotContain(IntakeConfiguration.class);
    }

    @Test
    void theDomainWithTheIntake_asTheApiImportsThem_shouldDefineAllOfIt() {
        assertThat(beanClasses(DomainConfiguration.class, IntakeConfiguration.class)).containsAll(INTAKE);
    }

    private static List<Class<?>> beanClasses(Class<?>... imported) {
        DefaultListableBeanFactory registry = new DefaultListableBeanFactory();
        MockEnvironment environment = new MockEnvironment();
        AnnotatedBeanDefinitionReader reader = new AnnotatedBeanDefinitionReader(registry, environment);
        reader.register(imported);
        ConfigurationClassPostProcessor configurations = new ConfigurationClassPostProcessor();
        configurations.setEnvironment(environment);
        configurations.postProcessBeanDefinitionRegistry(registry);
        return Arrays.stream(registry.getBeanDefinitionNames())
                .map(name -> registry.getBeanDefinition(name).getBeanClassName())
                .filter(Objects::nonNull)
                .<Class<?>>map(IntakeConfigurationTest::load)
                .toList();
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
