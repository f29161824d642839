package com.paywire.domain.funding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.domain.InvalidInputException;
import com.paywire.vocabulary.funding.BankEntry;
import com.paywire.vocabulary.funding.BankStatement;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** The platform bank's statements, read with Prowide from fixtures written for these tests. */
class BankStatementParserTest {

    @Test
    void givenACamt053V02_itShouldReadTheAccount_theStatement_andEachEntry_withItsBankReferenceAndRemittance() {
        BankStatement statement = BankStatementParser.camt053(fixture("camt053-v02.xml"));

        assertThat(statement.account()).isEqualTo("0100200300400");
        assertThat(statement.statementId()).isEqualTo("STMT-20261201");
        assertThat(statement.format()).isEqualTo("camt.053.001.02");
        assertThat(statement.entries()).containsExactly(
                new BankEntry("SBK0001", true, true, new BigDecimal("1500.00"), "KES", "Top-up PW12345671",
                        LocalDate.of(2026, 12, 1)),
                new BankEntry("SBK0002", false, true, new BigDecimal("200.50"), "KES", "Bank charges",
                        LocalDate.of(2026, 12, 1)),
                // no AcctSvcrRef: the entry's own reference
                new BankEntry("N-3", true, false, new BigDecimal("10.00"), "USD", "pending USD PW12345671",
                        LocalDate.of(2026, 12, 1)));
    }

    @Test
    void givenACamt053V08_itShouldReadTheIban_andTheTransactionsReference_andEveryUnstructuredLine() {
        BankStatement statement = BankStatementParser.camt053(fixture("camt053-v08.xml"));

        assertThat(statement.account()).isEqualTo("KE0099001010020030040000");
        assertThat(statement.format()).isEqualTo("camt.053.001.08");
        assertThat(statement.entries()).containsExactly(new BankEntry("SBK0009", true, true, new BigDecimal("75.25"),
                "KES", "Invoice 7 pw12345671", LocalDate.of(2026, 12, 2)));
    }

    @Test
    void givenAnMt940_itShouldReadEachLineWithItsDetails_theCurrencyOfItsOpeningBalance_andTheBanksReference() {
        BankStatement statement = BankStatementParser.mt940(fixture("mt940.txt"));

        assertThat(statement.account()).isEqualTo("0100200300400");
        assertThat(statement.statementId()).isEqualTo("STMT20261201/335/1");
        assertThat(statement.format()).isEqualTo("MT940");
        assertThat(statement.entries()).containsExactly(
                new BankEntry("SBK0101", true, true, new BigDecimal("1500.00"), "KES",
                        "Top-up PW12345671 from Acme", LocalDate.of(2026, 12, 1)),
                new BankEntry("SBK0102", false, true, new BigDecimal("200.50"), "KES", "Bank charges",
                        LocalDate.of(2026, 12, 1)),
                new BankEntry("SBK0103", true, true, new BigDecimal("30.00"), "KES", "PW12345675",
                        LocalDate.of(2026, 12, 1)));
    }

    @Test
    void givenTheTextBlockOfAnMt940Alone_itShouldReadItAsWell() {
        String whole = fixture("mt940.txt");
        String textBlock = whole.substring(whole.indexOf("{4:") + 3, whole.lastIndexOf("-}"));

        assertThat(BankStatementParser.mt940(textBlock)).isEqualTo(BankStatementParser.mt940(whole));
    }

    @Test
    void givenSomethingElse_itShouldBeRefusedOnTheStatementField_withoutTheLibrarysWords() {
        for (String notCamt : new String[] {"", "not xml", "<Document/>", "<a><b></a>",
                fixture("camt053-v02.xml").replace("camt.053.001.02", "camt.052.001.02"),
                fixture("camt053-v02.xml").replace("<AcctSvcrRef>SBK0002</AcctSvcrRef>", "")
                        .replace("<NtryRef>N-2</NtryRef>", "")}) {
            assertThatThrownBy(() -> BankStatementParser.camt053(notCamt))
                    .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                        assertThat(e.problems()).singleElement().satisfies(p -> {
                            assertThat(p.field()).isEqualTo("statement");
                            assertThat(p.message()).doesNotContain("prowide", "Exception", "jakarta", "xml.bind");
                        });
                    });
        }
        for (String notMt940 : new String[] {"", "hello", ":20:X\n:25:Y", fixture("mt940.txt").replace("C1500,00",
                "X1500,00"), fixture("mt940.txt").replace(":60F:C261130KES100000,00", "")}) {
            assertThatThrownBy(() -> BankStatementParser.mt940(notMt940)).isInstanceOf(InvalidInputException.class);
        }
    }

    @Test
    void givenAKesAmountFinerThanTheCent_orTwoEntriesWithOneReference_theStatementShouldBeRefused() {
        assertThatThrownBy(() -> BankStatementParser.camt053(fixture("camt053-v02.xml")
                .replace("1500.00", "1500.001"))).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> BankStatementParser.camt053(fixture("camt053-v02.xml")
                .replace("SBK0002", "SBK0001"))).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void givenADocumentTypeNamingAFileAsAnEntity_itShouldNeverReadTheFile() throws IOException {
        Path secret = Files.createTempFile("paywire-xxe", ".txt");
        Files.writeString(secret, "SECRET-ON-DISK");
        String xml = fixture("camt053-v08.xml")
                .replace("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                        + "<!DOCTYPE Document [<!ENTITY leak SYSTEM \"" + secret.toUri() + "\">]>")
                .replace("<Ustrd>Invoice 7</Ustrd>", "<Ustrd>&leak;</Ustrd>");

        try {
            BankStatement statement = BankStatementParser.camt053(xml);
            assertThat(statement.entries()).allSatisfy(e -> assertThat(e.remittance()).doesNotContain("SECRET"));
        } catch (InvalidInputException refused) {
            assertThat(refused.problems().toString()).doesNotContain("SECRET");
        } finally {
            Files.delete(secret);
        }
    }

    private static String fixture(String name) {
        try (InputStream in = BankStatementParserTest.class.getResourceAsStream("/funding/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
