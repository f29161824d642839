package com.paywire.domain.clients;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClientSecretHasherTest {

    @Test
    void givenAHashedSecret_itShouldMatchOnlyThatSecret_andNeverContainIt() {
        String stored = ClientSecretHasher.hash("s3cret-value");

        assertThat(stored).startsWith("pbkdf2-sha256$100000$").doesNotContain("s3cret-value");
        assertThat(ClientSecretHasher.matches("s3cret-value", stored)).isTrue();
        assertThat(ClientSecretHasher.matches("s3cret-valuE", stored)).isFalse();
        assertThat(ClientSecretHasher.matches("s3cret-value", "plain-text-in-the-db")).isFalse();
    }

    @Test
    void givenTheSameSecretTwice_itShouldSaltEachHashDifferently() {
        assertThat(ClientSecretHasher.hash("same")).isNotEqualTo(ClientSecretHasher.hash("same"));
    }
}
