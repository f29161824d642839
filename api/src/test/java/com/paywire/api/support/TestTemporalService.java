package com.paywire.api.support;

import io.temporal.testserver.TestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** Temporal's Java test service on a free port, one per test JVM, reached over real gRPC like the real one. */
public final class TestTemporalService {

    private static String address;

    private TestTemporalService() {
    }

    public static synchronized String address() {
        if (address == null) {
            int port = freePort();
            TestServer.PortBoundTestServer server = TestServer.createPortBoundServer(port);
            Runtime.getRuntime().addShutdownHook(new Thread(server::close));
            address = "127.0.0.1:" + port;
        }
        return address;
    }

    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
