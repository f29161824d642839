package com.paywire.activities.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/** What a merchant reads about an attempt that got no HTTP answer: plain words, never a class of ours or the JDK's. */
class TransportFailuresTest {

    static final Duration FIVE_SECONDS = Duration.ofSeconds(5);

    @Test
    void givenARealRefusedConnection_itShouldSayConnectionRefused() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        IOException failure = null;
        try {
            HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + closedPort + "/"))
                    .build(), HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            failure = e;
        }

        assertThat(failure).isNotNull();
        assertThat(TransportFailures.describe(failure, FIVE_SECONDS)).isEqualTo("connection refused");
    }

    @Test
    void givenWrappedOrPlainFailures_theMostTellingKindShouldBeNamed() {
        ConnectException wrapped = new ConnectException();
        wrapped.initCause(new UnknownHostException("shop.example"));
        HttpConnectTimeoutException connectTimeout = new HttpConnectTimeoutException("HTTP connect timed out");
        connectTimeout.initCause(new ConnectException("HTTP connect timed out"));

        assertThat(TransportFailures.describe(wrapped, FIVE_SECONDS)).isEqualTo("host name not found");
        assertThat(TransportFailures.describe(connectTimeout, FIVE_SECONDS)).isEqualTo("could not connect within 5 s");
        assertThat(TransportFailures.describe(new HttpTimeoutException("request timed out"), FIVE_SECONDS))
                .isEqualTo("timed out after 5 s");
        assertThat(TransportFailures.describe(new IOException(new SSLHandshakeException("PKIX path building failed")),
                FIVE_SECONDS)).isEqualTo("TLS handshake failed");
        assertThat(TransportFailures.describe(new IOException("something new"), FIVE_SECONDS))
                .isEqualTo("the connection failed");
    }
}
