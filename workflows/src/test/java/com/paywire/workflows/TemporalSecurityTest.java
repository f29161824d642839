package com.paywire.workflows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.uber.m3.tally.NoopScope;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.ClientAuth;
import io.grpc.protobuf.services.HealthStatusManager;
import io.temporal.serviceclient.GrpcCompression;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.net.InetSocketAddress;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The connection's security as the operator sets it. The certificates are test-only, under
 * {@code src/test/resources/temporal-tls} (see its README); nothing else trusts them.
 */
class TemporalSecurityTest {

    private static final Path CA = pem("ca.pem");
    private static final Path CLIENT_CERT = pem("client.pem");
    private static final Path CLIENT_KEY = pem("client.key");
    private static final String SERVER_NAME = "temporal.test.paywire";

    @Test
    void givenMutualTls_withACaBundle_theSslContextShouldBuild() {
        WorkflowServiceStubsOptions options = options(
                new TemporalSecurity(true, CA, CLIENT_CERT, CLIENT_KEY, SERVER_NAME, "an-api-key"));

        assertThat(options.getSslContext()).isNotNull();
        assertThat(options.getSslContext().isClient()).isTrue();
        assertThat(options.getGrpcMetadataProviders()).hasSize(1);
    }

    @Test
    void givenTlsAlone_theJvmTrustStoreShouldBeUsed_andInClearNoSslContext() {
        assertThat(options(new TemporalSecurity(true, null, null, null, null, null)).getSslContext()).isNotNull();
        assertThat(options(TemporalSecurity.PLAINTEXT).getSslContext()).isNull();
    }

    @Test
    void givenAnApiKeyOrFilesWithoutTls_theStartShouldBeRefused_namingEachVariable() {
        TemporalSecurity.Refused refused = refusal(new TemporalSecurity(false, CA, null, null, SERVER_NAME, "key"));

        assertThat(refused.problems()).hasSize(3);
        assertThat(String.join("\n", refused.problems())).contains("TEMPORAL_API_KEY", "TEMPORAL_TLS_SERVER_CA_CERT",
                "TEMPORAL_TLS_SERVER_NAME", "TEMPORAL_TLS_ENABLED is not true");
    }

    @Test
    void givenACertificateWithoutItsKey_orTheReverse_theStartShouldBeRefused() {
        assertThat(refusal(new TemporalSecurity(true, null, CLIENT_CERT, null, null, null)).problems())
                .singleElement().asString().contains("TEMPORAL_TLS_CLIENT_CERT is set without TEMPORAL_TLS_CLIENT_KEY");
        assertThat(refusal(new TemporalSecurity(true, null, null, CLIENT_KEY, null, null)).problems())
                .singleElement().asString().contains("TEMPORAL_TLS_CLIENT_KEY is set without TEMPORAL_TLS_CLIENT_CERT");
    }

    @Test
    void givenAFileThatIsMissing_orNotWhatItShouldBe_theStartShouldBeRefused_namingTheVariable() {
        assertThat(refusal(new TemporalSecurity(true, Path.of("/nowhere/ca.pem"), null, null, null, null)).problems())
                .singleElement().asString().contains("TEMPORAL_TLS_SERVER_CA_CERT", "not a readable file");
        assertThat(refusal(new TemporalSecurity(true, CLIENT_KEY, null, null, null, null)).problems())
                .singleElement().asString().startsWith("TEMPORAL_TLS_SERVER_CA_CERT");
        // a certificate where the key should be
        assertThat(refusal(new TemporalSecurity(true, CA, CLIENT_CERT, CLIENT_CERT, null, null)).problems())
                .singleElement().asString().contains("TEMPORAL_TLS_CLIENT_KEY", "PKCS#8");
    }

    /** A server that demands the client's certificate, and serves the health check Temporal's frontend serves. */
    @Test
    void givenMutualTls_theStubsShouldConnect_presentingTheClientCertificate_andTheApiKey() throws Exception {
        AtomicReference<String> authorization = new AtomicReference<>();
        ServerInterceptor recordAuthorization = new ServerInterceptor() {
            @Override
            public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                                                               ServerCallHandler<Q, A> next) {
                authorization.set(headers.get(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER)));
                return next.startCall(call, headers);
            }
        };
        HealthStatusManager health = new HealthStatusManager();
        health.setStatus(WorkflowServiceStubs.HEALTH_CHECK_SERVICE_NAME, HealthCheckResponse.ServingStatus.SERVING);
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                .sslContext(GrpcSslContexts.forServer(pem("server.pem").toFile(), pem("server.key").toFile())
                        .trustManager(CA.toFile()).clientAuth(ClientAuth.REQUIRE).build())
                .addService(ServerInterceptors.intercept(health.getHealthService(), recordAuthorization))
                .build().start();
        WorkflowServiceStubs stubs = TemporalConnection.serviceStubs("127.0.0.1:" + server.getPort(),
                new TemporalSecurity(true, CA, CLIENT_CERT, CLIENT_KEY, SERVER_NAME, "an-api-key"), null,
                new NoopScope(), GrpcCompression.GZIP);
        try {
            HealthCheckResponse answer = HealthGrpc.newBlockingStub(TemporalConnection.channelWithCredentials(stubs))
                    .check(HealthCheckRequest.newBuilder()
                            .setService(WorkflowServiceStubs.HEALTH_CHECK_SERVICE_NAME).build());

            assertThat(answer.getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
            assertThat(authorization.get()).isEqualTo("Bearer an-api-key");
        } finally {
            stubs.shutdownNow();
            server.shutdownNow();
        }
    }

    private static WorkflowServiceStubsOptions options(TemporalSecurity security) {
        return TemporalConnection.serviceStubsOptions("temporal.example.com:7233", security, null, new NoopScope(),
                GrpcCompression.NONE);
    }

    private static TemporalSecurity.Refused refusal(TemporalSecurity security) {
        TemporalSecurity.Refused refused = catchThrowableOfType(TemporalSecurity.Refused.class, () -> options(security));
        assertThat(refused).as("refused").isNotNull();
        return refused;
    }

    private static Path pem(String name) {
        try {
            return Path.of(TemporalSecurityTest.class.getResource("/temporal-tls/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
