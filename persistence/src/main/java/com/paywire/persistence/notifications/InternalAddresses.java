package com.paywire.persistence.notifications;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;

/**
 * The addresses Paywire never calls outside the local profile: every range that is not the public internet
 * (IANA's special-purpose registries), and the IPv6 forms that carry an IPv4 address inside, judged by that
 * IPv4 address, so that NAT64 or 6to4 cannot reach a private network through a public-looking IPv6 address.
 */
final class InternalAddresses {

    private static final List<Block> IPV4 = blocks(
            "0.0.0.0/8",          // "this network"
            "10.0.0.0/8",         // private
            "100.64.0.0/10",      // carrier-grade NAT
            "127.0.0.0/8",        // loopback
            "169.254.0.0/16",     // link-local, with the usual cloud metadata address
            "172.16.0.0/12",      // private
            "192.0.0.0/24",       // IETF protocol assignments, where some clouds put their metadata service
            "192.168.0.0/16",     // private
            "198.18.0.0/15",      // benchmarking
            "224.0.0.0/4",        // multicast
            "240.0.0.0/4");       // reserved, and the broadcast address
    private static final List<Block> IPV6 = blocks(
            "64:ff9b:1::/48",     // local-use NAT64
            "fc00::/7",           // unique local
            "fe80::/10",          // link-local
            "fec0::/10",          // site-local (deprecated)
            "ff00::/8");          // multicast

    private InternalAddresses() {
    }

    static boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length == 4) {
            return IPV4.stream().anyMatch(block -> block.contains(bytes));
        }
        byte[] ipv4 = embeddedIpv4(bytes);
        if (ipv4 != null) {
            return IPV4.stream().anyMatch(block -> block.contains(ipv4));
        }
        return IPV6.stream().anyMatch(block -> block.contains(bytes));
    }

    /**
     * The IPv4 address an IPv6 address stands for: IPv4-mapped and -translated (::ffff:0:0/96, ::ffff:0:0:0/96),
     * IPv4-compatible (::/96, with :: and ::1 as 0.0.0.0 and 0.0.0.1), NAT64 (64:ff9b::/96), 6to4 (2002::/16) and
     * Teredo's client (2001::/32, inverted); null for any other.
     */
    private static byte[] embeddedIpv4(byte[] b) {
        boolean lowPrefix = zero(b, 0, 8) && (word(b, 8) == 0 && (word(b, 10) == 0 || word(b, 10) == 0xffff)
                || word(b, 8) == 0xffff && word(b, 10) == 0);
        boolean nat64 = word(b, 0) == 0x64 && word(b, 2) == 0xff9b && zero(b, 4, 12);
        if (lowPrefix || nat64) {
            return Arrays.copyOfRange(b, 12, 16);
        }
        if (word(b, 0) == 0x2002) {
            return Arrays.copyOfRange(b, 2, 6);
        }
        if (word(b, 0) == 0x2001 && word(b, 2) == 0) {
            byte[] client = Arrays.copyOfRange(b, 12, 16);
            for (int i = 0; i < client.length; i++) {
                client[i] = (byte) ~client[i];
            }
            return client;
        }
        return null;
    }

    private static int word(byte[] bytes, int at) {
        return (bytes[at] & 0xff) << 8 | bytes[at + 1] & 0xff;
    }

    private static boolean zero(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** A CIDR block. */
    private record Block(byte[] prefix, int bits) {

        boolean contains(byte[] address) {
            if (address.length != prefix.length) {
                return false;
            }
            for (int bit = 0; bit < bits; bit++) {
                int mask = 0x80 >>> (bit % 8);
                if ((address[bit / 8] & mask) != (prefix[bit / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }

    private static List<Block> blocks(String... cidrs) {
        return Arrays.stream(cidrs).map(cidr -> {
            String[] parts = cidr.split("/");
            try {
                return new Block(InetAddress.getByName(parts[0]).getAddress(), Integer.parseInt(parts[1]));
            } catch (UnknownHostException literal) {
                throw new IllegalArgumentException(cidr, literal); // unreachable: every block is a literal
            }
        }).toList();
    }
}
