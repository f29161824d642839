package com.paywire.persistence.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.paywire.vocabulary.secrets.MalformedKey;
import org.junit.jupiter.api.Test;

class SecretCipherTest {

    static final String KEY_A = "cm90YXRpb24tdGVzdC1rZXktQS0zMi1ieXRlcy1sb24=";
    static final String KEY_B = "cm90YXRpb24tdGVzdC1rZXktQi0zMi1ieXRlcy1sb24=";
    static final String KEY_C = "cm90YXRpb24tdGVzdC1rZXktQy0zMi1ieXRlcy1sb24=";

    private static final String SECRET = "whsec-a-merchants-signing-secret";

    @Test
    void givenTheKeyUsedBeforeAsAPreviousKey_whatItSealedShouldStillBeRead_andNewValuesSealedUnderTheNewKey() {
        String sealedUnderA = new SecretCipher(KEY_A, "").encrypt(SECRET);
        SecretCipher rotated = new SecretCipher(KEY_B, KEY_C + ", " + KEY_A);

        assertThat(rotated.decrypt(sealedUnderA)).isEqualTo(SECRET);
        assertThat(new SecretCipher(KEY_B, "").decrypt(rotated.encrypt(SECRET))).isEqualTo(SECRET);
    }

    @Test
    void givenNoKeyThatOpensIt_theValueShouldBeRefused_namingTheKeysTriedAndNotTheSecret() {
        String sealedUnderA = new SecretCipher(KEY_A, "").encrypt(SECRET);

        for (SecretCipher without : new SecretCipher[] {new SecretCipher(KEY_B, ""), new SecretCipher(KEY_B, KEY_C)}) {
            assertThatThrownBy(() -> without.decrypt(sealedUnderA)).isInstanceOf(SecretCipher.Unreadable.class)
                    .hasMessageContaining("PAYWIRE_SECRETS_KEY").hasMessageContaining("PAYWIRE_SECRETS_PREVIOUS_KEYS")
                    .hasMessageNotContaining(sealedUnderA).hasMessageNotContaining(SECRET);
        }
        assertThatThrownBy(() -> new SecretCipher(KEY_A, "").decrypt("not a sealed value"))
                .isInstanceOf(SecretCipher.Unreadable.class);
    }

    @Test
    void rewrapped_shouldMoveAValueToTheCurrentKey_leaveOneAlreadyThere_andRefuseOneNoKeyOpens() {
        SecretCipher rotated = new SecretCipher(KEY_B, KEY_A);
        String sealedUnderA = new SecretCipher(KEY_A, "").encrypt(SECRET);

        String moved = rotated.rewrapped(sealedUnderA).orElseThrow();

        assertThat(new SecretCipher(KEY_B, "").decrypt(moved)).isEqualTo(SECRET);
        assertThat(rotated.rewrapped(moved)).isEmpty();
        assertThatThrownBy(() -> rotated.rewrapped(new SecretCipher(KEY_C, "").encrypt(SECRET)))
                .isInstanceOf(SecretCipher.Unreadable.class);
    }

    @Test
    void aMalformedKey_shouldBeRefused_namingItsVariable_andNeverQuotingIt() {
        MalformedKey shortKey = catchThrowableOfType(MalformedKey.class,
                () -> new SecretCipher(KEY_B, KEY_A + ",c2l4dGVlbi1ieXRlLWtleQ=="));
        assertThat(shortKey).hasMessage("key 2 of PAYWIRE_SECRETS_PREVIOUS_KEYS must be 32 bytes, base64; it is 16");
        assertThat(shortKey.variable()).isEqualTo("PAYWIRE_SECRETS_PREVIOUS_KEYS");

        assertThat(catchThrowableOfType(MalformedKey.class, () -> new SecretCipher(KEY_B, "not*base64")))
                .hasMessage("key 1 of PAYWIRE_SECRETS_PREVIOUS_KEYS is not base64");
        assertThat(catchThrowableOfType(MalformedKey.class, () -> new SecretCipher("c2l4dGVlbi1ieXRlLWtleQ==", "")))
                .hasMessage("PAYWIRE_SECRETS_KEY must be 32 bytes, base64; it is 16");
    }

    @Test
    void blankEntriesInThePreviousKeys_shouldBeIgnored() {
        String sealedUnderA = new SecretCipher(KEY_A, "").encrypt(SECRET);

        assertThat(new SecretCipher(KEY_B, " ," + KEY_A + ",").decrypt(sealedUnderA)).isEqualTo(SECRET);
    }
}
