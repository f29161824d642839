package com.paywire.persistence.notifications;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;
import org.springframework.stereotype.Component;

/**
 * Where Paywire may send callbacks and webhooks. Outside the {@code local} profile: HTTPS only, and never to a
 * host that resolves to a loopback, private, link-local or otherwise internal address (checked at registration
 * and again before every delivery, against DNS rebinding). The local profile allows http and loopback, so the
 * sandbox can call a receiver on the developer's machine.
 */
@Component
public class UrlPolicy {

    private final boolean local;

    @Autowired
    public UrlPolicy(Environment environment) {
        this(environment.acceptsProfiles(Profiles.of("local")));
    }

    public UrlPolicy(boolean local) {
        this.local = local;
    }

    /** @return why the URL is refused, or empty when it may be called */
    public Optional<String> refusal(String url) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            return Optional.of("is not a valid URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase();
        if (uri.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
            return Optional.of("must be an absolute http(s) URL");
        }
        if (local) {
            return Optional.empty();
        }
        if (!scheme.equals("https")) {
            return Optional.of("must use HTTPS");
        }
        try {
            for (InetAddress address : InetAddress.getAllByName(uri.getHost())) {
                if (isInternal(address)) {
                    return Optional.of("resolves to an internal address (" + address.getHostAddress() + ")");
                }
            }
        } catch (UnknownHostException e) {
            return Optional.of("has a host that does not resolve");
        }
        return Optional.empty();
    }

    static boolean isInternal(InetAddress address) {
        byte[] b = address.getAddress();
        boolean uniqueLocalV6 = b.length == 16 && (b[0] & 0xfe) == 0xfc;                     // fc00::/7
        boolean sharedV4 = b.length == 4 && (b[0] & 0xff) == 100 && (b[1] & 0xc0) == 64;       // 100.64.0.0/10
        return address.isLoopbackAddress() || address.isSiteLocalAddress() || address.isLinkLocalAddress()
                || address.isAnyLocalAddress() || address.isMulticastAddress() || uniqueLocalV6 || sharedV4;
    }
}
