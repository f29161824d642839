package com.paywire.workflows.payloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.temporal.api.common.v1.Payload;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.payload.codec.PayloadCodecException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PayloadEncryptionTest {

    private static final String OLD_KEY = "b2xkLWtleS1vZi10aGUtcGF5d2lyZS10ZXN0cy0zMiE=";
    private static final String NEW_KEY = "bmV3LWtleS1vZi10aGUtcGF5d2lyZS10ZXN0cy0zMiE=";
    private static final Payload DEPOSIT = DefaultDataConverter.STANDARD_INSTANCE.toPayload(Map.of(
            "phoneNumber", "254712345678", "firstName", "Wanjiku", "amount", "1010.00")).orElseThrow();

    private static PayloadEncryption codec(String activeKeyId, String keys) {
        return new PayloadEncryption(PayloadKeys.parse(activeKeyId, keys));
    }

    private static String text(Payload payload) {
        return payload.toByteString().toStringUtf8();
    }

    @Test
    void givenAPayload_itShouldBeEncryptedUnderTheActiveKey_andDecodeToTheSamePayload() {
        PayloadEncryption codec = codec("2026-07", "2026-07=" + NEW_KEY);

        Payload encrypted = codec.encode(List.of(DEPOSIT)).getFirst();

        assertThat(text(encrypted)).doesNotContain("254712345678").doesNotContain("Wanjiku").doesNotContain("1010.00")
                .doesNotContain("json/plain");
        assertThat(encrypted.getMetadataMap().get("encoding").toStringUtf8()).isEqualTo("binary/encrypted");
        assertThat(encrypted.getMetadataMap().get("encryption-key-id").toStringUtf8()).isEqualTo("2026-07");
        assertThat(codec.decode(List.of(encrypted))).containsExactly(DEPOSIT);
    }

    @Test
    void givenTheSamePayloadTwice_eachShouldHaveItsOwnNonce() {
        PayloadEncryption codec = codec("k", "k=" + NEW_KEY);

        assertThat(codec.encode(List.of(DEPOSIT, DEPOSIT))).extracting(Payload::getData).doesNotHaveDuplicates();
    }

    @Test
    void givenARotatedKey_newPayloadsShouldUseIt_andPayloadsUnderTheOldKeyStillDecode() {
        Payload underOld = codec("old", "old=" + OLD_KEY).encode(List.of(DEPOSIT)).getFirst();
        PayloadEncryption rotated = codec("new", "old=" + OLD_KEY + ", new=" + NEW_KEY);

        assertThat(rotated.encode(List.of(DEPOSIT)).getFirst().getMetadataMap().get("encryption-key-id")
                .toStringUtf8()).isEqualTo("new");
        assertThat(rotated.decode(List.of(underOld))).containsExactly(DEPOSIT);
    }

    @Test
    void givenAPayloadRecordedBeforeEncryption_itShouldBeReadAsItIs() {
        assertThat(codec("k", "k=" + NEW_KEY).decode(List.of(DEPOSIT))).containsExactly(DEPOSIT);
    }

    @Test
    void givenATamperedCiphertext_itShouldBeRefused_notDecodedToSomethingElse() {
        PayloadEncryption codec = codec("k", "k=" + NEW_KEY);
        Payload encrypted = codec.encode(List.of(DEPOSIT)).getFirst();
        byte[] data = encrypted.getData().toByteArray();
        data[data.length - 20] ^= 1;
        Payload tampered = encrypted.toBuilder().setData(ByteString.copyFrom(data)).build();

        assertThatThrownBy(() -> codec.decode(List.of(tampered))).isInstanceOf(PayloadCodecException.class)
                .hasMessageContaining("does not decrypt");
    }

    @Test
    void givenARefusedPayload_theThreadsCipherShouldServeTheNextPayloadsUnderEitherKey() {
        PayloadEncryption codec = codec("new", "old=" + OLD_KEY + ", new=" + NEW_KEY);
        Payload underOld = codec("old", "old=" + OLD_KEY).encode(List.of(DEPOSIT)).getFirst();
        Payload encrypted = codec.encode(List.of(DEPOSIT)).getFirst();
        byte[] data = encrypted.getData().toByteArray();
        data[data.length - 1] ^= 1;
        Payload tampered = encrypted.toBuilder().setData(ByteString.copyFrom(data)).build();
        assertThatThrownBy(() -> codec.decode(List.of(tampered))).isInstanceOf(PayloadCodecException.class);

        assertThat(codec.decode(List.of(underOld, codec.encode(List.of(DEPOSIT)).getFirst(), encrypted)))
                .containsExactly(DEPOSIT, DEPOSIT, DEPOSIT);
    }

    @Test
    void givenAPayloadRelabelledWithAnotherKeyId_itShouldBeRefused() {
        PayloadEncryption codec = codec("a", "a=" + NEW_KEY + ",b=" + NEW_KEY);
        Payload relabelled = codec.encode(List.of(DEPOSIT)).getFirst().toBuilder()
                .putMetadata("encryption-key-id", ByteString.copyFromUtf8("b")).build();

        assertThatThrownBy(() -> codec.decode(List.of(relabelled))).isInstanceOf(PayloadCodecException.class)
                .hasMessageContaining("does not decrypt");
    }

    @Test
    void givenAPayloadUnderAKeyNoLongerConfigured_itShouldFailNamingTheKeyId() {
        Payload underOld = codec("old", "old=" + OLD_KEY).encode(List.of(DEPOSIT)).getFirst();

        assertThatThrownBy(() -> codec("new", "new=" + NEW_KEY).decode(List.of(underOld)))
                .isInstanceOf(PayloadCodecException.class)
                .hasMessageContaining("'old'").hasMessageContaining("PAYWIRE_PAYLOAD_KEYS");
    }

    @Test
    void givenKeysThatCannotServe_theyShouldBeRefusedNamingWhatIsWrong_neverTheKey() {
        assertThatThrownBy(() -> PayloadKeys.parse("missing", "k=" + NEW_KEY))
                .hasMessageContaining("'missing'").hasMessageContaining("[k]");
        assertThatThrownBy(() -> PayloadKeys.parse("k", "k=c2hvcnQ="))
                .hasMessageContaining("32 bytes").hasMessageNotContaining("c2hvcnQ=");
        assertThatThrownBy(() -> PayloadKeys.parse("k", "k=not base64!")).hasMessageContaining("not base64");
        assertThatThrownBy(() -> PayloadKeys.parse("k", NEW_KEY)).hasMessageContaining("id=base64key");
        assertThatThrownBy(() -> PayloadKeys.parse("k", "k=" + NEW_KEY + ",k=" + OLD_KEY))
                .hasMessageContaining("twice");
        assertThat(PayloadKeys.parse("k", "k=" + NEW_KEY).toString()).doesNotContain(NEW_KEY);
    }
}
