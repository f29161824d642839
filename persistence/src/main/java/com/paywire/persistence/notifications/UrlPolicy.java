package com.paywire.persistence.notifications;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;
import org.springframework.stereotype.Component;

/**
 * The URLs merchants give Paywire. Every one is an absolute http(s) URL without a user name or password (a
 * browser and a client read those differently). Paywire calls callbacks and webhooks only over HTTPS, and never
 * at an address in {@link InternalAddresses}: checked at registration, and again on every connection, against the
 * very addresses the connection then uses (so DNS rebinding cannot slip an internal address in between). The
 * local profile allows http and internal addresses, so the sandbox can call a receiver on the developer's machine.
 */
@Component
public class UrlPolicy {

    /** Resolves a host name, as {@link InetAddress#getAllByName} does; tests put a DNS of their own here. */
    @FunctionalInterface
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** A host that resolves to an internal address: to an HTTP client, a host it cannot reach. */
    public static final class InternalAddressException extends UnknownHostException {

        InternalAddressException() {
            super("resolves to an internal address");
        }
    }

    private final boolean local;
    private final Resolver resolver;

    @Autowired
    public UrlPolicy(Environment environment) {
        this(environment.acceptsProfiles(Profiles.of("local")));
    }

    public UrlPolicy(boolean local) {
        this(local, InetAddress::getAllByName);
    }

    public UrlPolicy(boolean local, Resolver resolver) {
        this.local = local;
        this.resolver = resolver;
    }

    /** @return why Paywire may not call the URL (never quoting it), or empty when it may */
    public Optional<String> refusal(String url) {
        Optional<String> refusal = refusalBeforeResolving(url);
        if (refusal.isPresent() || local) {
            return refusal;
        }
        try {
            addresses(URI.create(url).getHost());
            return Optional.empty();
        } catch (InternalAddressException internal) {
            return Optional.of(internal.getMessage());
        } catch (UnknownHostException e) {
            return Optional.of("has a host that does not resolve");
        }
    }

    /** The rules that need no DNS: {@link #browserRefusal}'s, and HTTPS outside the local profile. */
    public Optional<String> refusalBeforeResolving(String url) {
        Optional<String> refusal = browserRefusal(url);
        if (refusal.isEmpty() && !local && !"https".equalsIgnoreCase(URI.create(url).getScheme())) {
            return Optional.of("must use HTTPS");
        }
        return refusal;
    }

    /**
     * Resolves the host once and checks every address it resolves to. An HTTP client that connects only to these
     * (see the deliveries' HTTP client) connects to what was checked.
     *
     * @throws InternalAddressException when one of them is internal (outside the local profile)
     */
    public InetAddress[] addresses(String host) throws UnknownHostException {
        InetAddress[] addresses = resolver.resolve(host);
        if (addresses == null || addresses.length == 0) { // else a client might resolve the name itself
            throw new UnknownHostException(host);
        }
        if (!local && Arrays.stream(addresses).anyMatch(InternalAddresses::contains)) {
            throw new InternalAddressException();
        }
        return addresses;
    }

    /**
     * For a URL the payer's browser is sent to (a redirect, a return page, a page's origin), which Paywire never
     * calls itself.
     *
     * @return why the URL is refused (never quoting it), or empty when it is an absolute http(s) URL with a host
     *         and without a user name or password
     */
    public static Optional<String> browserRefusal(String url) {
        Optional<URI> uri = parse(url);
        if (uri.isEmpty()) {
            return Optional.of("is not a valid URL");
        }
        String scheme = uri.get().getScheme() == null ? "" : uri.get().getScheme().toLowerCase(Locale.ROOT);
        if (uri.get().getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
            return Optional.of("must be an absolute http(s) URL");
        }
        if (uri.get().getRawUserInfo() != null) {
            return Optional.of("must not carry a user name or password");
        }
        return Optional.empty();
    }

    /**
     * The URL's origin as a browser writes it, scheme://host[:port] in lower case, for headers (a policy's source
     * list): nothing else of the URL, which could split a header's list, reaches them.
     *
     * @return empty for a URL without a scheme and a host
     */
    public static Optional<String> origin(String url) {
        return parse(url).filter(uri -> uri.getScheme() != null && uri.getHost() != null)
                .map(uri -> (uri.getScheme() + "://" + uri.getHost()).toLowerCase(Locale.ROOT)
                        + (uri.getPort() == -1 ? "" : ":" + uri.getPort()));
    }

    private static Optional<URI> parse(String url) {
        if (url == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(URI.create(url));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
