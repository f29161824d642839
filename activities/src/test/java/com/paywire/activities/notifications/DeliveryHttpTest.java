package com.paywire.activities.notifications;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.paywire.persistence.notifications.UrlPolicy;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A delivery connects to the very addresses the URL policy checked. A host whose DNS answers a
 * public address to the check and a loopback one a moment later (DNS rebinding) must not reach the loopback.
 */
class DeliveryHttpTest {

    /** TEST-NET-3: a public address by the policy's rules, routed nowhere. */
    private static final String PUBLIC = "203.0.113.10";
    private static final Duration SHORT = Duration.ofSeconds(1);
    /** For a receiver that answers: long enough for a cold receiver on a busy machine. */
    private static final Duration AMPLE = Duration.ofSeconds(30);
    /** The local profile's policy, with a DNS that answers the merchant's name with the loopback address. */
    private static final UrlPolicy LOCAL_DNS = new UrlPolicy(true, host -> new InetAddress[] {
            InetAddress.getByName("127.0.0.1")});

    private WireMockServer merchant;

    @Test
    void givenAHostThatRebindsToLoopbackAfterTheCheck_theConnectionShouldGoToTheCheckedAddress() throws Exception {
        try (ServerSocketChannel loopback = listenerOnLoopback()) {
            AtomicInteger asked = new AtomicInteger();
            UrlPolicy policy = new UrlPolicy(false, host -> new InetAddress[] {
                    asked.getAndIncrement() == 0 ? InetAddress.getByName(PUBLIC) : InetAddress.getByName("127.0.0.1")});

            DeliveryHttp.Answer answer = post(policy, "https://localhost:" + port(loopback) + "/hooks", SHORT);

            assertThat(answer.statusCode()).isNull();
            // the kernel keeps a connection the client made until the listener accepts it: none may be waiting
            assertThat(loopback.accept()).as("a connection to the loopback listener (%s)", answer.error()).isNull();
            assertThat(asked).as("DNS questions").hasValue(1);
        }
    }

    @Test
    void givenAHostThatResolvesToLoopbackWhenChecked_itShouldBeRefusedWithoutConnecting() throws Exception {
        try (ServerSocketChannel loopback = listenerOnLoopback()) {
            UrlPolicy policy = new UrlPolicy(false, host -> new InetAddress[] {InetAddress.getByName("127.0.0.1")});

            DeliveryHttp.Answer answer = post(policy, "https://merchant.example:" + port(loopback) + "/hooks", SHORT);

            assertThat(answer.error()).isEqualTo("refused: the URL resolves to an internal address");
            assertThat(loopback.accept()).isNull();
        }
    }

    @Test
    void givenTheAddressTheResolverAnswered_theRequestShouldKeepTheHostNameInItsHostHeader() throws Exception {
        merchant.stubFor(WireMock.post(urlPathEqualTo("/hooks")).willReturn(aResponse().withStatus(204)));

        DeliveryHttp.Answer answer = post(LOCAL_DNS, "http://shop.merchant.test:" + merchant.port() + "/hooks", AMPLE);

        assertThat(answer.statusCode()).as(answer.error()).isEqualTo(204);
        merchant.verify(postRequestedFor(urlPathEqualTo("/hooks"))
                .withHeader("Host", equalTo("shop.merchant.test:" + merchant.port()))
                .withHeader("Content-Type", equalTo("application/json"))
                .withRequestBody(equalTo("{}")));
    }

    @Test
    void givenHttps_theTlsHandshakeShouldNameTheHost_whileConnectingToTheResolvedAddress() throws Exception {
        try (ServerSocket tls = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            CompletableFuture<String> clientHello = CompletableFuture.supplyAsync(() -> firstTlsRecord(tls));

            DeliveryHttp.Answer answer = post(LOCAL_DNS, "https://shop.merchant.test:" + tls.getLocalPort() + "/hooks",
                    AMPLE);

            assertThat(clientHello.get(1, TimeUnit.MINUTES)).as("the ClientHello's server name")
                    .contains("shop.merchant.test");
            assertThat(answer.statusCode()).isNull(); // this listener speaks no TLS
        }
    }

    @Test
    void givenAReceiverSlowerThanTheTimeout_theAttemptShouldSaySo() throws Exception {
        merchant.stubFor(WireMock.post(urlPathEqualTo("/slow"))
                .willReturn(aResponse().withStatus(200).withFixedDelay(3000)));

        DeliveryHttp.Answer answer = post(LOCAL_DNS, "http://shop.merchant.test:" + merchant.port() + "/slow", SHORT);

        assertThat(answer.statusCode()).isNull();
        assertThat(answer.error()).isEqualTo("timed out after 1 s");
    }

    @BeforeEach
    void startMerchant() {
        merchant = new WireMockServer(wireMockConfig().dynamicPort().bindAddress("127.0.0.1"));
        merchant.start();
    }

    @AfterEach
    void stopMerchant() {
        merchant.stop();
    }

    private static DeliveryHttp.Answer post(UrlPolicy policy, String url, Duration timeout) throws Exception {
        try (DeliveryHttp http = new DeliveryHttp(policy, timeout)) {
            return http.post(url, Map.of("Content-Type", "application/json"), "{}");
        }
    }

    /** The first TLS record a client sends, as text: the ClientHello, which carries the server name (SNI). */
    private static String firstTlsRecord(ServerSocket server) {
        try (Socket client = server.accept(); DataInputStream in = new DataInputStream(client.getInputStream())) {
            byte[] header = new byte[5];
            in.readFully(header);
            byte[] record = new byte[(header[3] & 0xff) << 8 | header[4] & 0xff];
            in.readFully(record);
            return new String(record, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ServerSocketChannel listenerOnLoopback() throws Exception {
        ServerSocketChannel listener = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
        listener.configureBlocking(false);
        return listener;
    }

    private static int port(ServerSocketChannel listener) throws Exception {
        return ((InetSocketAddress) listener.getLocalAddress()).getPort();
    }
}
