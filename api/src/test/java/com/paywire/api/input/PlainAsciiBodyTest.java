package com.paywire.api.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Which bodies the unsafe-text check may skip parsing: only those where no string can hold NUL or a surrogate. */
class PlainAsciiBodyTest {

    @Test
    void anAsciiBodyWithoutEscapes_shouldBeSkipped() {
        assertThat(UnsafeInputInterceptor.plainAscii(bytes("{\"a\":\"b\\\"c\\\\d\",\"n\":[1,2]}"))).isTrue();
    }

    @Test
    void aBodyWithAUnicodeEscape_aNulByte_orAnyByteBeyondAscii_shouldBeParsed() {
        assertThat(UnsafeInputInterceptor.plainAscii(bytes("{\"a\":\"\\u0000\"}"))).isFalse();
        assertThat(UnsafeInputInterceptor.plainAscii(bytes("{\"a\":\"\\ud800\"}"))).isFalse();
        assertThat(UnsafeInputInterceptor.plainAscii(new byte[]{'"', 0, '"'})).isFalse();
        assertThat(UnsafeInputInterceptor.plainAscii(bytes("{\"a\":\"é\"}"))).isFalse();
        // a surrogate spelled in raw bytes (CESU-8), which a lenient decoder would turn into a lone surrogate
        assertThat(UnsafeInputInterceptor.plainAscii(new byte[]{'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'}))
                .isFalse();
    }

    @Test
    void anEscapedBackslashBeforeAU_shouldBeParsedToo_forTheScanDoesNotReadEscapes() {
        assertThat(UnsafeInputInterceptor.plainAscii(bytes("{\"a\":\"\\\\u\"}"))).isFalse();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
