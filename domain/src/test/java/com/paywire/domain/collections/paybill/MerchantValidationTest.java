package com.paywire.domain.collections.paybill;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.domain.notifications.CallbackSecrets;
import com.paywire.domain.rails.mobilemoney.C2bProtocol.Answer;
import com.paywire.domain.rails.mobilemoney.C2bProtocol.Notification;
import com.paywire.persistence.notifications.UrlPolicy;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Asking a client's validation URL: the request goes signed with the client's callback secret, and a client with
 * no secret to sign with is not asked (its URL could not check the request), the default answering for it.
 */
class MerchantValidationTest {

    private final List<String> signatures = new CopyOnWriteArrayList<>();
    private HttpServer merchant;
    private String url;

    @BeforeEach
    void startMerchant() throws IOException {
        merchant = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        merchant.createContext("/validate", exchange -> {
            signatures.add(exchange.getRequestHeaders().getFirst("Paywire-Signature"));
            byte[] refusal = "{\"ResultCode\":\"C2B00013\",\"ResultDesc\":\"Invalid Amount\"}"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, refusal.length);
            exchange.getResponseBody().write(refusal);
            exchange.close();
        });
        merchant.start();
        url = "http://127.0.0.1:" + merchant.getAddress().getPort() + "/validate";
    }

    @AfterEach
    void stopMerchant() {
        merchant.stop(0);
    }

    @Test
    void givenAClientWithACallbackSecret_itShouldBeAskedSigned_andItsRefusalPassedOn() {
        Answer answer = validation(Map.of("shop", "a-callback-secret")).ask("shop", url, payment(), "INV-1");

        assertThat(answer).isEqualTo(Answer.INVALID_AMOUNT);
        assertThat(signatures).singleElement().asString().matches("t=\\d+,v1=[0-9a-f]{64}");
    }

    @Test
    void givenAClientWithoutACallbackSecret_itShouldNotBeAsked_andTheDefaultAnswer() {
        Answer answer = validation(Map.of()).ask("shop", url, payment(), "INV-1");

        assertThat(answer).isEqualTo(MerchantValidation.DEFAULT);
        assertThat(signatures).isEmpty();
    }

    private static MerchantValidation validation(Map<String, String> secrets) {
        CallbackSecrets callbackSecrets = new CallbackSecrets(null, null) {
            @Override
            public Optional<String> find(String clientId) {
                return Optional.ofNullable(secrets.get(clientId));
            }
        };
        return new MerchantValidation(new UrlPolicy(true), callbackSecrets, Clock.systemUTC());
    }

    private static Notification payment() {
        return new Notification("TK41RS2B7Q", OffsetDateTime.now(), new BigDecimal("150.00"), "174379", "PWINV-1",
                "254712345678");
    }
}
