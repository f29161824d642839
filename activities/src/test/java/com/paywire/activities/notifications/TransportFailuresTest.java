package com.paywire.activities.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.persistence.notifications.UrlPolicy;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Map;
import javax.net.ssl.SSLHandshakeException;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.junit.jupiter.api.Test;

/** What a merchant reads about an attempt that got no HTTP answer: plain words, never a class of ours or others'. */
class TransportFailuresTest {

    static final Duration FIVE_SECONDS = Duration.ofSeconds(5);

    @Test
    void givenARealRefusedConnection_itShouldSayConnectionRefused() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }

        try (DeliveryHttp http = new DeliveryHttp(new UrlPolicy(true), FIVE_SECONDS)) {
            assertThat(http.post("http://127.0.0.1:" + closedPort + "/", Map.of(), "{}").error())
                    .isEqualTo("connection refused");
        }
    }

    @Test
    void givenWrappedOrPlainFailures_theMostTellingKindShouldBeNamed() {
        ConnectException wrapped = new ConnectException();
        wrapped.initCause(new UnknownHostException("shop.example"));
        ConnectTimeoutException connectTimeout = new ConnectTimeoutException("Connect timed out");
        connectTimeout.initCause(new SocketTimeoutException("Connect timed out"));

        assertThat(describe(wrapped)).isEqualTo("host name not found");
        assertThat(describe(connectTimeout)).isEqualTo("could not connect within 5 s");
        assertThat(describe(new SocketTimeoutException("Read timed out"))).isEqualTo("timed out after 5 s");
        assertThat(describe(new NoHttpResponseException("failed to respond")))
                .isEqualTo("connection closed before an answer");
        assertThat(describe(new IOException(new SSLHandshakeException("PKIX path building failed"))))
                .isEqualTo("TLS handshake failed");
        assertThat(describe(new IOException("something new"))).isEqualTo("the connection failed");
    }

    @Test
    void givenAConnectionTheDeadlineClosed_itShouldSayTimedOut_notReset() {
        assertThat(TransportFailures.describe(new SocketException("Socket closed"), FIVE_SECONDS, true))
                .isEqualTo("timed out after 5 s");
    }

    private static String describe(Throwable failure) {
        return TransportFailures.describe(failure, FIVE_SECONDS, false);
    }
}
