package com.paywire.workflows;

import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import io.temporal.serviceclient.SimpleSslContextBuilder;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * How a process and Temporal know each other: in clear (the dev service, a cluster inside a trusted network), or
 * over TLS, checking Temporal's certificate against the JVM's trust store or a CA bundle, with a client certificate
 * for mutual TLS (a self-hosted cluster, or Temporal Cloud's mTLS), and an API key (Temporal Cloud) sent as a bearer
 * token on every call. Every path is a PEM file, read at start-up: a problem refuses the start, naming the variable.
 *
 * @param tlsEnabled   TLS on the connection ({@code TEMPORAL_TLS_ENABLED})
 * @param serverCaCert the CAs that sign Temporal's certificate, a PEM bundle; null: the JVM's trust store
 *                     ({@code TEMPORAL_TLS_SERVER_CA_CERT})
 * @param clientCert   the certificate chain this process presents, PEM ({@code TEMPORAL_TLS_CLIENT_CERT})
 * @param clientKey    its private key, PEM in PKCS#8 ({@code TEMPORAL_TLS_CLIENT_KEY})
 * @param serverName   the name Temporal's certificate must carry, also sent as SNI and authority; null: the
 *                     address's host ({@code TEMPORAL_TLS_SERVER_NAME})
 * @param apiKey       a Temporal Cloud API key ({@code TEMPORAL_API_KEY}); needs TLS
 */
public record TemporalSecurity(boolean tlsEnabled, Path serverCaCert, Path clientCert, Path clientKey,
                               String serverName, String apiKey) {

    /** In clear, with no credentials: the dev service and the tests. */
    public static final TemporalSecurity PLAINTEXT = new TemporalSecurity(false, null, null, null, null, null);

    /**
     * Sets TLS and the API key on the stubs' options.
     *
     * @throws Refused naming every setting that cannot be used, before anything connects
     */
    void applyTo(WorkflowServiceStubsOptions.Builder options) {
        List<String> problems = new ArrayList<>(combinationProblems());
        for (PemFile file : files()) {
            if (file.path() != null && !Files.isReadable(file.path())) {
                problems.add(file.variable() + " names " + file.path() + ", which is not a readable file");
            }
        }
        if (!problems.isEmpty()) {
            throw new Refused(problems);
        }
        if (!tlsEnabled) {
            return;
        }
        options.setSslContext(sslContext());
        if (serverName != null) {
            options.setChannelInitializer(channel -> channel.overrideAuthority(serverName));
        }
        if (apiKey != null) {
            options.addApiKey(() -> apiKey);
        }
    }

    private List<String> combinationProblems() {
        List<String> problems = new ArrayList<>();
        if (!tlsEnabled) {
            // set, but ignored in clear: a key would cross the network readable, a CA or certificate would check nothing
            if (apiKey != null) {
                problems.add("TEMPORAL_API_KEY is set but TEMPORAL_TLS_ENABLED is not true: the key would be sent in clear");
            }
            List<String> ignored = new ArrayList<>(files().stream().filter(file -> file.path() != null)
                    .map(PemFile::variable).toList());
            if (serverName != null) {
                ignored.add("TEMPORAL_TLS_SERVER_NAME");
            }
            ignored.forEach(variable -> problems.add(variable
                    + " is set but TEMPORAL_TLS_ENABLED is not true: it would be ignored"));
        }
        if (clientCert != null && clientKey == null) {
            problems.add("TEMPORAL_TLS_CLIENT_CERT is set without TEMPORAL_TLS_CLIENT_KEY, its private key");
        }
        if (clientKey != null && clientCert == null) {
            problems.add("TEMPORAL_TLS_CLIENT_KEY is set without TEMPORAL_TLS_CLIENT_CERT, its certificate");
        }
        return problems;
    }

    private SslContext sslContext() {
        SimpleSslContextBuilder builder;
        try (InputStream chain = clientCert == null ? null : Files.newInputStream(clientCert);
             InputStream key = clientKey == null ? null : Files.newInputStream(clientKey)) {
            builder = chain == null ? SimpleSslContextBuilder.noKeyOrCertChain()
                    : SimpleSslContextBuilder.forPKCS8(chain, key);
            if (serverCaCert != null) {
                builder.setTrustManager(trustManagerOf(serverCaCert));
            }
            return builder.build(); // reads the certificate and key now
        } catch (IOException | IllegalArgumentException e) {
            throw new Refused(List.of("TEMPORAL_TLS_CLIENT_CERT and TEMPORAL_TLS_CLIENT_KEY must be a PEM certificate "
                    + "chain and its PEM private key in PKCS#8 (openssl pkcs8 -topk8 -nocrypt converts one): "
                    + e.getMessage()));
        }
    }

    private static TrustManager trustManagerOf(Path bundle) {
        try (InputStream pem = Files.newInputStream(bundle)) {
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            int index = 0;
            for (Certificate ca : CertificateFactory.getInstance("X.509").generateCertificates(pem)) {
                trusted.setCertificateEntry("ca-" + index++, ca);
            }
            if (index == 0) {
                throw new Refused(List.of("TEMPORAL_TLS_SERVER_CA_CERT names " + bundle + ", which holds no PEM certificate"));
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trusted);
            return factory.getTrustManagers()[0];
        } catch (IOException | GeneralSecurityException e) {
            throw new Refused(List.of("TEMPORAL_TLS_SERVER_CA_CERT names " + bundle
                    + ", which is not a PEM bundle of certificates: " + e.getMessage()));
        }
    }

    private List<PemFile> files() {
        return List.of(new PemFile("TEMPORAL_TLS_SERVER_CA_CERT", serverCaCert),
                new PemFile("TEMPORAL_TLS_CLIENT_CERT", clientCert), new PemFile("TEMPORAL_TLS_CLIENT_KEY", clientKey));
    }

    /** A file setting, by the variable an operator sets; its path null when unset. */
    private record PemFile(String variable, Path path) {
    }

    /** Thrown as the connection is built; the roles print it as a short report instead of a stack trace. */
    public static class Refused extends IllegalStateException {

        private final List<String> problems;

        Refused(List<String> problems) {
            super("The connection to Temporal cannot be set up: " + problems);
            this.problems = List.copyOf(problems);
        }

        public List<String> problems() {
            return problems;
        }
    }
}
