package com.paywire.domain.clients;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NewClientIdsTest {

    @Test
    void givenAName_theSlugShouldBeLowerCaseAsciiWithDashes_accentsDropped() {
        assertThat(NewClientIds.slug("Mama Mboga's Shop")).isEqualTo("mama-mboga-s-shop");
        assertThat(NewClientIds.slug("  Café \"Moja\" & Co.  ")).isEqualTo("cafe-moja-co");
        assertThat(NewClientIds.slug("acme:x|y")).isEqualTo("acme-x-y");
    }

    @Test
    void givenANameWithoutLettersOrDigits_orAVeryLongOne_theSlugShouldStillBeReadable() {
        assertThat(NewClientIds.slug("!!! ???")).isEqualTo("client");
        assertThat(NewClientIds.slug("日本の店")).isEqualTo("client");
        String slug = NewClientIds.slug("a".repeat(39) + " b" + "c".repeat(50));
        assertThat(slug).hasSizeLessThanOrEqualTo(NewClientIds.SLUG_MAX_LENGTH).doesNotEndWith("-")
                .isEqualTo("a".repeat(39));
    }

    @Test
    void givenTheSameName_eachIdShouldDifferInItsSuffix_andEachSecretCarry256Bits() {
        NewClientIds ids = new NewClientIds(new Random(7));
        Set<String> made = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            String id = ids.idFor("My Shop");
            assertThat(id).matches("my-shop-[a-z0-9]{" + NewClientIds.SUFFIX_LENGTH + "}");
            made.add(id);
        }
        assertThat(made).hasSize(100);
        assertThat(ids.secret()).matches("[A-Za-z0-9_-]{43}").isNotEqualTo(ids.secret());
    }
}
