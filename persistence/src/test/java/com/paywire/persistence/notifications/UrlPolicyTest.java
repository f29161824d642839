package com.paywire.persistence.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UrlPolicyTest {

    private final UrlPolicy production = new UrlPolicy(false);
    private final UrlPolicy local = new UrlPolicy(true);

    @Test
    void givenProduction_itShouldRefusePlainHttp_andInternalAddresses() {
        assertThat(production.refusal("http://93.184.216.34/hook")).contains("must use HTTPS");
        assertThat(production.refusal("https://127.0.0.1/hook")).get().asString().contains("internal address");
        assertThat(production.refusal("https://localhost:8443/hook")).get().asString().contains("internal address");
        assertThat(production.refusal("https://10.1.2.3/hook")).get().asString().contains("internal address");
        assertThat(production.refusal("https://192.168.0.10/hook")).get().asString().contains("internal address");
        assertThat(production.refusal("https://172.16.5.4/hook")).get().asString().contains("internal address");
        assertThat(production.refusal("https://169.254.169.254/latest/meta-data")).get().asString().contains("internal address");
        assertThat(production.refusal("https://100.64.1.1/hook")).get().asString().contains("internal address");
        assertThat(production.refusal("https://[::1]/hook")).get().asString().contains("internal address");
        assertThat(production.refusal("https://[fd00::1]/hook")).get().asString().contains("internal address");
        assertThat(production.refusal("https://0.0.0.0/hook")).get().asString().contains("internal address");
    }

    @Test
    void givenProduction_itShouldAcceptAPublicHttpsAddress() {
        assertThat(production.refusal("https://93.184.216.34/hooks/paywire")).isEmpty();
    }

    @Test
    void givenTheLocalProfile_itShouldAcceptHttpOnLoopback_butStillRefuseNonsense() {
        assertThat(local.refusal("http://127.0.0.1:9999/hook")).isEmpty();
        assertThat(local.refusal("ftp://127.0.0.1/hook")).contains("must be an absolute http(s) URL");
        assertThat(local.refusal("not a url")).isPresent();
        assertThat(local.refusal("/relative")).contains("must be an absolute http(s) URL");
    }
}
