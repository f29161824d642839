package com.paywire.persistence.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    /** Reserved IPv4 ranges, and IPv6 forms that carry an internal IPv4 address inside. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "192.0.0.1", "192.0.0.192", "192.0.0.255",             // 192.0.0.0/24, a cloud metadata address among them
            "198.18.0.1", "198.19.255.254",                        // 198.18.0.0/15, benchmarking
            "240.0.0.1", "250.1.2.3", "255.255.255.255",           // 240.0.0.0/4 and the broadcast address
            "0.1.2.3", "0.255.255.255",                            // 0.0.0.0/8
            "[64:ff9b::a00:1]", "[64:ff9b::7f00:1]", "[64:ff9b::a9fe:a9fe]", // NAT64 of 10.0.0.1, 127.0.0.1, 169.254.169.254
            "[64:ff9b:1::1]",                                      // 64:ff9b:1::/48, local-use NAT64
            "[2002:a00:1::1]", "[2002:c0a8:101::]", "[2002:7f00:1::]", // 6to4 of 10.0.0.1, 192.168.1.1, 127.0.0.1
            "[::ffff:192.0.0.192]", "[::ffff:a9fe:a9fe]",          // IPv4-mapped
            "[::127.0.0.1]", "[::10.0.0.1]",                       // IPv4-compatible
            "[::ffff:0:127.0.0.1]",                                // IPv4-translated
            "[2001:0:4136:e378:8000:63bf:f5ff:fffe]",              // Teredo, client 10.0.0.1
            "[fe80::1]", "[ff02::1]", "[fc00::1]", "[::]"})
    void givenProduction_itShouldRefuseEveryReservedRange(String host) {
        assertThat(production.refusal("https://" + host + "/hook")).as(host).get().asString()
                .contains("internal address");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"93.184.216.34", "8.8.8.8", "192.0.1.1", "198.20.0.1", "223.255.255.254", "1.0.0.1",
            "[2606:4700:4700::1111]", "[64:ff9b::5db8:d822]", "[2002:5db8:d822::1]"})
    void givenProduction_itShouldAcceptPublicAddresses_includingIpv6FormsOfAPublicIpv4Address(String host) {
        assertThat(production.refusal("https://" + host + "/hooks/paywire")).as(host).isEmpty();
    }

    @Test
    void givenTheLocalProfile_itShouldAcceptHttpOnLoopback_butStillRefuseNonsense() {
        assertThat(local.refusal("http://127.0.0.1:9999/hook")).isEmpty();
        assertThat(local.refusal("ftp://127.0.0.1/hook")).contains("must be an absolute http(s) URL");
        assertThat(local.refusal("not a url")).isPresent();
        assertThat(local.refusal("/relative")).contains("must be an absolute http(s) URL");
    }

    /** A user name or password in a URL is refused in every profile, and never echoed. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"http://atk;a,b@shop.example/return", "https://user:secret@shop.example/hook",
            "https://user@93.184.216.34/hook", "https://@shop.example/hook", "http://a%40b:c@127.0.0.1:9000/hook"})
    void givenAUrlWithUserInfo_itShouldBeRefusedInEveryProfile_withoutEchoingIt(String url) {
        for (UrlPolicy policy : new UrlPolicy[] {production, local}) {
            assertThat(policy.refusal(url)).as(url).contains("must not carry a user name or password");
        }
    }

    @Test
    void givenAHostThatResolvesToAPublicAndAnInternalAddress_itShouldBeRefused_afterAskingOnce() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        UrlPolicy policy = new UrlPolicy(false, host -> {
            asked.incrementAndGet();
            return new InetAddress[] {InetAddress.getByName("93.184.216.34"), InetAddress.getByName("192.0.0.192")};
        });

        assertThat(policy.refusal("https://shop.example/hook")).contains("resolves to an internal address");
        assertThatThrownBy(() -> policy.addresses("shop.example"))
                .isInstanceOf(UrlPolicy.InternalAddressException.class);
        assertThat(asked).hasValue(2);
    }

    @Test
    void givenAHostThatResolvesToPublicAddresses_itShouldAnswerExactlyThose() throws Exception {
        InetAddress[] answer = {InetAddress.getByName("93.184.216.34"), InetAddress.getByName("2606:4700:4700::1111")};
        UrlPolicy policy = new UrlPolicy(false, host -> answer);

        assertThat(policy.addresses("shop.example")).containsExactly(answer);
        assertThat(policy.refusal("https://shop.example/hook")).isEmpty();
    }

    @Test
    void givenABrowserUrl_itShouldNeedAnAbsoluteHttpUrlWithoutUserInfo_butNoPublicAddress() {
        assertThat(UrlPolicy.browserRefusal("http://127.0.0.1:3000/thanks")).isEmpty();
        assertThat(UrlPolicy.browserRefusal("HTTPS://Shop.Example/ok")).isEmpty();
        assertThat(UrlPolicy.browserRefusal("https://u:p@shop.example/ok"))
                .contains("must not carry a user name or password");
        assertThat(UrlPolicy.browserRefusal("javascript:alert(1)")).contains("must be an absolute http(s) URL");
        assertThat(UrlPolicy.browserRefusal("https://shop.example;x/ok")).contains("must be an absolute http(s) URL");
        assertThat(UrlPolicy.browserRefusal("https://shop example/")).contains("is not a valid URL");
    }

    /** What reaches a header is the scheme, the host and the port, whatever else the URL holds. */
    @Test
    void givenATrickyUrl_itsOriginShouldBeSchemeHostAndPortOnly() {
        assertThat(UrlPolicy.origin("http://atk;a,b@shop.example/return")).contains("http://shop.example");
        assertThat(UrlPolicy.origin("HTTPS://Shop.Example:8443/a;b,c?d=e;f#g")).contains("https://shop.example:8443");
        assertThat(UrlPolicy.origin("https://shop.example:/return")).contains("https://shop.example");
        assertThat(UrlPolicy.origin("https://[2606:4700::1111]:8443/x")).contains("https://[2606:4700::1111]:8443");
        assertThat(UrlPolicy.origin("https://shop.example;x/ok")).isEmpty();
        assertThat(UrlPolicy.origin("not a url")).isEmpty();
    }
}
