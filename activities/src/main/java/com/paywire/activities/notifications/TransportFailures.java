package com.paywire.activities.notifications;

import java.io.EOFException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * Why a delivery attempt got no HTTP answer, in words a merchant reads in the events API: never an exception's
 * class or message, which name our libraries and may change with them.
 */
final class TransportFailures {

    private TransportFailures() {
    }

    static String describe(Throwable failure, Duration timeout) {
        // The HTTP client wraps the cause it met, sometimes more than once. A timeout anywhere in the chain is the
        // story (its own cause may be a connect failure it made up); otherwise the innermost known kind says most.
        String described = null;
        for (Throwable cause = failure; cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            if (cause instanceof HttpTimeoutException) {
                return words(cause, timeout);
            }
            String words = words(cause, timeout);
            if (words != null) {
                described = words;
            }
        }
        return described != null ? described : "the connection failed";
    }

    private static String words(Throwable failure, Duration timeout) {
        long seconds = timeout.toSeconds();
        return switch (failure) {
            case HttpConnectTimeoutException slow -> "could not connect within " + seconds + " s";
            case HttpTimeoutException slow -> "timed out after " + seconds + " s";
            case UnknownHostException unknown -> "host name not found";
            case ConnectException refused -> "connection refused";
            case NoRouteToHostException unreachable -> "no route to host";
            case SSLHandshakeException handshake -> "TLS handshake failed";
            case SSLException tls -> "TLS error";
            case EOFException closed -> "connection closed before an answer";
            case SocketException reset -> "connection reset";
            default -> null;
        };
    }
}
