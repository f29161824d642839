package com.paywire.activities;

import org.springframework.test.context.DynamicPropertyRegistry;

/** Rail settings for tests that call no rail: the activities' properties must still bind. */
public final class UnusedRails {

    private UnusedRails() {
    }

    public static void register(DynamicPropertyRegistry registry) {
        for (String rail : new String[] {"mobile-money", "bank", "card-processor", "identity-registry", "airtime",
                "biller", "callback"}) {
            registry.add("paywire.rails." + rail + "-base-url", () -> "http://127.0.0.1:9/unused");
        }
        registry.add("paywire.rails.connect-timeout", () -> "1s");
        registry.add("paywire.rails.read-timeout", () -> "2s");
    }
}
