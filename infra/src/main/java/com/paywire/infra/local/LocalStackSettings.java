package com.paywire.infra.local;

import java.util.Map;

/**
 * What the local stack starts and where. An outside service named in the environment replaces its
 * embedded stand-in: {@code TEMPORAL_ADDRESS} (host:port), {@code DATABASE_URL} (a JDBC URL, with
 * {@code DATABASE_USERNAME}/{@code DATABASE_PASSWORD}), {@code PAYWIRE_RAILS_BASE_URL}.
 *
 * @param temporalAddress  an existing Temporal frontend, or null to start the Java dev service on temporalPort
 * @param temporalPort     the dev service's port (7233 by default)
 * @param databaseUrl      an existing PostgreSQL, or null to start an embedded one
 * @param railsBaseUrl     existing rails, or null to start the simulator on railsPort
 * @param railsPort        the simulator's port (8089 by default; 0 for any free port)
 */
record LocalStackSettings(String temporalAddress, int temporalPort, String databaseUrl, String railsBaseUrl,
                          int railsPort) {

    static LocalStackSettings fromEnvironment(Map<String, String> env) {
        return new LocalStackSettings(
                blankToNull(env.get("TEMPORAL_ADDRESS")),
                Integer.parseInt(env.getOrDefault("PAYWIRE_TEMPORAL_PORT", "7233")),
                blankToNull(env.get("DATABASE_URL")),
                blankToNull(env.get("PAYWIRE_RAILS_BASE_URL")),
                Integer.parseInt(env.getOrDefault("PAYWIRE_RAILS_PORT", "8089")));
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
