package com.paywire.activities.notifications;

import java.io.EOFException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.core5.http.NoHttpResponseException;

/**
 * Why a delivery attempt got no HTTP answer, in words a merchant reads in the events API: never an exception's
 * class or message, which name our libraries and may change with them.
 */
final class TransportFailures {

    private TransportFailures() {
    }

    /**
     * @param cutOff the attempt's deadline closed its connection, so what failed next (a closed socket) is the
     *               timeout's doing
     */
    static String describe(Throwable failure, Duration timeout, boolean cutOff) {
        // The HTTP client may wrap the cause it met. A timeout anywhere in the chain is the story; otherwise the
        // innermost known kind says most.
        String described = null;
        for (Throwable cause = failure; cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            if (cause instanceof SocketTimeoutException) {
                return words(cause, timeout);
            }
            String words = words(cause, timeout);
            if (words != null) {
                described = words;
            }
        }
        if (cutOff) {
            return "timed out after " + timeout.toSeconds() + " s";
        }
        return described != null ? described : "the connection failed";
    }

    private static String words(Throwable failure, Duration timeout) {
        long seconds = timeout.toSeconds();
        return switch (failure) {
            case ConnectTimeoutException slow -> "could not connect within " + seconds + " s";
            case SocketTimeoutException slow -> "timed out after " + seconds + " s";
            case UnknownHostException unknown -> "host name not found";
            case ConnectException refused -> "connection refused";
            case NoRouteToHostException unreachable -> "no route to host";
            case SSLHandshakeException handshake -> "TLS handshake failed";
            case SSLException tls -> "TLS error";
            case EOFException closed -> "connection closed before an answer";
            case NoHttpResponseException closed -> "connection closed before an answer";
            case SocketException reset -> "connection reset";
            default -> null;
        };
    }
}
