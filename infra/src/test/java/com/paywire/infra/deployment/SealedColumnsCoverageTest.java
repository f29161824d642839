package com.paywire.infra.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.persistence.secrets.SealedColumn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A secrets key rotation drops the old key once the rewrap has moved every sealed column: a class that starts to
 * seal into a new column, and a column the rewrap does not know, would be left under the dropped key, unreadable.
 * So every class of the main sources that seals with the secrets key is listed here with the columns it writes.
 */
class SealedColumnsCoverageTest {

    /** Each class that seals, and the columns of {@link SealedColumn#ALL} its sealed values go to. */
    private static final Map<String, List<String>> SEALING = Map.of(
            "Webhooks.java", List.of("webhook_endpoints.signing_secret"),
            "ClientAdministration.java", List.of("clients.callback_secret"),
            "KycStore.java", List.of("kyc_requests.personal_data"),
            "AccountValidationStore.java", List.of("account_validations.personal_data"),
            "EventStore.java", List.of("events.data"),
            // they seal for the classes above
            "PersonalDataSeal.java", List.of(),
            "SecretCipher.java", List.of());

    private static final Pattern SEALS = Pattern.compile("\\b(encrypt|seal|sealText)\\(");

    @Test
    void everyClassThatSealsWithTheSecretsKey_shouldWriteOnlyColumnsTheRewrapKnows() throws IOException {
        Set<String> sealing = new HashSet<>();
        try (Stream<Path> modules = Files.list(Path.of("..").toAbsolutePath().normalize())) {
            for (Path main : modules.map(module -> module.resolve("src/main/java")).filter(Files::isDirectory).toList()) {
                try (Stream<Path> sources = Files.walk(main)) {
                    sources.filter(path -> path.toString().endsWith(".java"))
                            .filter(SealedColumnsCoverageTest::sealsWithTheSecretsKey)
                            .forEach(path -> sealing.add(path.getFileName().toString()));
                }
            }
        }
        assertThat(sealing).as("the main sources were found").contains("SecretCipher.java");

        assertThat(sealing).as("classes that seal with SecretCipher or PersonalDataSeal: add a new one to SEALING,"
                + " and its column to SealedColumn.ALL").containsExactlyInAnyOrderElementsOf(SEALING.keySet());
        assertThat(SealedColumn.ALL).extracting(SealedColumn::toString)
                .containsExactlyInAnyOrderElementsOf(SEALING.values().stream().flatMap(Collection::stream).distinct()
                        .toList());
    }

    private static boolean sealsWithTheSecretsKey(Path source) {
        try {
            String text = Files.readString(source);
            return (text.contains("SecretCipher") || text.contains("PersonalDataSeal")) && SEALS.matcher(text).find();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
