package com.paywire.domain.funding;

import com.paywire.domain.InvalidInputException;
import com.paywire.vocabulary.funding.BankEntry;
import com.paywire.vocabulary.funding.BankStatement;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.money.Currencies;
import com.prowidesoftware.swift.model.SwiftMessage;
import com.prowidesoftware.swift.model.Tag;
import com.prowidesoftware.swift.model.field.Field20;
import com.prowidesoftware.swift.model.field.Field25;
import com.prowidesoftware.swift.model.field.Field28C;
import com.prowidesoftware.swift.model.field.Field60F;
import com.prowidesoftware.swift.model.field.Field60M;
import com.prowidesoftware.swift.model.field.Field61;
import com.prowidesoftware.swift.model.field.Field86;
import com.prowidesoftware.swift.model.mt.mt9xx.MT940;
import com.prowidesoftware.swift.model.mx.AbstractMX;
import com.prowidesoftware.swift.model.mx.MxCamt05300102;
import com.prowidesoftware.swift.model.mx.MxCamt05300108;
import com.prowidesoftware.swift.model.mx.dic.AccountIdentification4Choice;
import com.prowidesoftware.swift.model.mx.dic.AccountStatement2;
import com.prowidesoftware.swift.model.mx.dic.AccountStatement9;
import com.prowidesoftware.swift.model.mx.dic.CreditDebitCode;
import com.prowidesoftware.swift.model.mx.dic.EntryDetails1;
import com.prowidesoftware.swift.model.mx.dic.EntryDetails9;
import com.prowidesoftware.swift.model.mx.dic.EntryStatus2Code;
import com.prowidesoftware.swift.model.mx.dic.EntryTransaction10;
import com.prowidesoftware.swift.model.mx.dic.EntryTransaction2;
import com.prowidesoftware.swift.model.mx.dic.ReportEntry10;
import com.prowidesoftware.swift.model.mx.dic.ReportEntry2;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads the platform bank's statement with Prowide: ISO 20022 camt.053 (versions 001.02 and 001.08) and SWIFT
 * MT940. Whatever it cannot read is an {@link InvalidInputException} on the field {@code statement} that says what
 * is missing in the statement's own words, never the library's message or class: the text is the bank's, the
 * answer Paywire's.
 */
public final class BankStatementParser {

    public static final String CAMT_053_V02 = "camt.053.001.02";
    public static final String CAMT_053_V08 = "camt.053.001.08";
    public static final String MT940_FORMAT = "MT940";
    private static final String FIELD = "statement";
    private static final DateTimeFormatter YYMMDD = DateTimeFormatter.ofPattern("yyMMdd", Locale.ROOT);
    /** A statement of more entries than this is refused: its workflow would carry too long a history. */
    public static final int MAX_ENTRIES = 2_000;

    private BankStatementParser() {
    }

    /** A camt.053 document (its {@code Document} element, with or without an application header). */
    public static BankStatement camt053(String xml) {
        AbstractMX mx;
        try {
            mx = AbstractMX.parse(xml);
        } catch (RuntimeException unreadable) {
            mx = null;
        }
        if (mx instanceof MxCamt05300102 v02 && v02.getBkToCstmrStmt() != null) {
            return v02(v02);
        }
        if (mx instanceof MxCamt05300108 v08 && v08.getBkToCstmrStmt() != null) {
            return v08(v08);
        }
        throw refused("The statement is not a camt.053 document Paywire reads: it takes a Document of namespace"
                + " urn:iso:std:iso:20022:tech:xsd:camt.053.001.02 or camt.053.001.08 holding BkToCstmrStmt.");
    }

    private static BankStatement v02(MxCamt05300102 mx) {
        List<AccountStatement2> statements = mx.getBkToCstmrStmt().getStmt();
        AccountStatement2 statement = single(statements);
        String account = account(statement.getAcct() == null ? null : statement.getAcct().getId());
        List<BankEntry> entries = new ArrayList<>();
        for (ReportEntry2 entry : statement.getNtry()) {
            List<EntryTransaction2> details = entry.getNtryDtls().stream().map(EntryDetails1::getTxDtls)
                    .flatMap(List::stream).toList();
            String reference = firstPresent(entry.getAcctSvcrRef(),
                    details.stream().map(d -> d.getRefs() == null ? null : d.getRefs().getAcctSvcrRef()),
                    entry.getNtryRef());
            Stream<String> remittance = Stream.concat(details.stream()
                    .flatMap(d -> d.getRmtInf() == null ? Stream.empty() : d.getRmtInf().getUstrd().stream()),
                    Stream.of(entry.getAddtlNtryInf()));
            LocalDate booked = entry.getBookgDt() == null ? null : entry.getBookgDt().getDt() != null
                    ? entry.getBookgDt().getDt()
                    : entry.getBookgDt().getDtTm() == null ? null : entry.getBookgDt().getDtTm().toLocalDate();
            entries.add(entry(entries.size(), reference, entry.getCdtDbtInd(), entry.getSts() == EntryStatus2Code.BOOK,
                    entry.getAmt() == null ? null : entry.getAmt().getValue(),
                    entry.getAmt() == null ? null : entry.getAmt().getCcy(), remittance, booked));
        }
        return statement(account, statement.getId(), CAMT_053_V02, entries);
    }

    private static BankStatement v08(MxCamt05300108 mx) {
        AccountStatement9 statement = single(mx.getBkToCstmrStmt().getStmt());
        String account = account(statement.getAcct() == null ? null : statement.getAcct().getId());
        List<BankEntry> entries = new ArrayList<>();
        for (ReportEntry10 entry : statement.getNtry()) {
            List<EntryTransaction10> details = entry.getNtryDtls().stream().map(EntryDetails9::getTxDtls)
                    .flatMap(List::stream).toList();
            String reference = firstPresent(entry.getAcctSvcrRef(),
                    details.stream().map(d -> d.getRefs() == null ? null : d.getRefs().getAcctSvcrRef()),
                    entry.getNtryRef());
            Stream<String> remittance = Stream.concat(details.stream()
                    .flatMap(d -> d.getRmtInf() == null ? Stream.empty() : d.getRmtInf().getUstrd().stream()),
                    Stream.of(entry.getAddtlNtryInf()));
            LocalDate booked = entry.getBookgDt() == null ? null : entry.getBookgDt().getDt() != null
                    ? entry.getBookgDt().getDt()
                    : entry.getBookgDt().getDtTm() == null ? null : entry.getBookgDt().getDtTm().toLocalDate();
            boolean isBooked = entry.getSts() != null && "BOOK".equals(entry.getSts().getCd());
            entries.add(entry(entries.size(), reference, entry.getCdtDbtInd(), isBooked,
                    entry.getAmt() == null ? null : entry.getAmt().getValue(),
                    entry.getAmt() == null ? null : entry.getAmt().getCcy(), remittance, booked));
        }
        return statement(account, statement.getId(), CAMT_053_V08, entries);
    }

    private static <T> T single(List<T> statements) {
        if (statements.size() != 1) {
            throw refused("The statement must hold exactly one Stmt (one account's statement); it holds "
                    + statements.size() + ".");
        }
        return statements.getFirst();
    }

    private static String account(AccountIdentification4Choice id) {
        if (id != null && id.getIBAN() != null) {
            return id.getIBAN();
        }
        return id != null && id.getOthr() != null ? id.getOthr().getId() : null;
    }

    private static BankEntry entry(int index, String reference, CreditDebitCode direction, boolean booked,
                                   BigDecimal amount, String currency, Stream<String> remittance, LocalDate bookedOn) {
        String where = "Entry " + (index + 1) + " of the statement";
        if (reference == null) {
            throw refused(where + " has no bank reference (AcctSvcrRef or NtryRef), which it is credited once by.");
        }
        if (direction == null) {
            throw refused(where + " says neither CRDT nor DBIT (CdtDbtInd).");
        }
        return checked(where, new BankEntry(reference, direction == CreditDebitCode.CRDT, booked, amount, currency,
                joined(remittance), bookedOn));
    }

    /** An MT940 message: the whole FIN message, or its text block's lines alone (framed here before Prowide reads them). */
    public static BankStatement mt940(String text) {
        String message = text.strip().startsWith("{1:") ? text
                : "{1:F01PAYWKENAXXXX0000000000}{2:I940PAYWKENAXXXXN}{4:\n" + text.strip() + "\n-}";
        MT940 mt;
        try {
            mt = MT940.parse(message);
        } catch (RuntimeException unreadable) {
            mt = null;
        }
        SwiftMessage swift = mt == null ? null : mt.getSwiftMessage();
        if (swift == null || swift.getBlock4() == null || !"940".equals(swift.getType())) {
            throw refused("The statement is not an MT940 message Paywire reads.");
        }
        Field20 id = mt.getField20();
        Field25 account = mt.getField25();
        Field28C number = mt.getField28C();
        if (id == null || account == null || number == null) {
            throw refused("The MT940 statement must have :20: (its reference), :25: (the account) and :28C: (its"
                    + " number).");
        }
        Field60F openingFinal = mt.getField60F();
        Field60M openingInterim = mt.getField60M();
        String currency = openingFinal != null ? openingFinal.getCurrency()
                : openingInterim != null ? openingInterim.getCurrency() : null;
        if (currency == null) {
            throw refused("The MT940 statement must have its opening balance (:60F: or :60M:), which names its"
                    + " currency.");
        }
        List<Field61> lines = new ArrayList<>();
        List<List<String>> details = new ArrayList<>();
        for (Tag tag : swift.getBlock4().getTags()) {
            if ("61".equals(tag.getName())) {
                lines.add(new Field61(tag.getValue()));
                details.add(new ArrayList<>());
            } else if ("86".equals(tag.getName()) && !lines.isEmpty()) {
                details.getLast().add(new Field86(tag.getValue()).getValue());
            }
        }
        List<BankEntry> entries = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Field61 line = lines.get(i);
            String where = "Entry " + (i + 1) + " (:61:) of the statement";
            String mark = line.getDebitCreditMark();
            if (mark == null || !Set.of("C", "D", "RC", "RD").contains(mark)) {
                throw refused(where + " says neither C nor D (its debit/credit mark).");
            }
            // a reversal of a debit (RD) brings money in, of a credit (RC) takes it out
            boolean credit = mark.equals("C") || mark.equals("RD");
            String reference = firstPresent(blankToNull(line.getReferenceOfTheAccountServicingInstitution()),
                    Stream.empty(), blankToNull(stripNonRef(line.getReferenceForTheAccountOwner())));
            if (reference == null) {
                throw refused(where + " has no bank reference (after //) nor account owner's reference.");
            }
            LocalDate valueDate;
            try {
                valueDate = line.getValueDate() == null ? null : LocalDate.parse(line.getValueDate(), YYMMDD);
            } catch (RuntimeException badDate) {
                throw refused(where + " has no valid value date (YYMMDD).");
            }
            Stream<String> remittance = Stream.concat(Stream.of(line.getSupplementaryDetails()),
                    details.get(i).stream());
            entries.add(checked(where, new BankEntry(reference, credit, true, line.getAmountAsBigDecimal(), currency,
                    joined(remittance), valueDate)));
        }
        String statementId = id.getReference() + "/" + number.getValue();
        return statement(account.getAccount(), statementId, MT940_FORMAT, entries);
    }

    private static String stripNonRef(String ownerReference) {
        return "NONREF".equalsIgnoreCase(ownerReference) ? null : ownerReference;
    }

    private static BankEntry checked(String where, BankEntry entry) {
        if (entry.amount() == null || entry.amount().signum() <= 0) {
            throw refused(where + " has no positive amount.");
        }
        if (entry.currency() == null || !entry.currency().matches("[A-Z]{3}")) {
            throw refused(where + " has no currency of three capitals.");
        }
        if (Currencies.KES.equals(entry.currency()) && !Cents.isExact(entry.amount())) {
            throw refused(where + " has an amount in KES that is not exact to the cent.");
        }
        if (entry.entryReference().length() > 64 || !entry.entryReference().matches("[\\x21-\\x7E]+")) {
            throw refused(where + " has a bank reference that is not 1 to 64 printable characters without spaces.");
        }
        return entry;
    }

    private static BankStatement statement(String account, String statementId, String format, List<BankEntry> entries) {
        if (account == null || account.isBlank()) {
            throw refused("The statement names no account (Acct/Id, :25:).");
        }
        if (statementId == null || statementId.isBlank()) {
            throw refused("The statement has no id (Stmt/Id, :20:).");
        }
        if (entries.size() > MAX_ENTRIES) {
            throw refused("The statement holds " + entries.size() + " entries; Paywire takes at most " + MAX_ENTRIES
                    + " in one statement: split it.");
        }
        Set<String> references = new LinkedHashSet<>();
        for (BankEntry entry : entries) {
            if (!references.add(entry.entryReference())) {
                throw refused("Two entries of the statement have the same bank reference, which each is credited"
                        + " once by.");
            }
        }
        return new BankStatement(account.strip(), statementId.strip(), format, entries);
    }

    private static String firstPresent(String first, Stream<String> then, String last) {
        if (first != null && !first.isBlank()) {
            return first.strip();
        }
        return Stream.concat(then, Stream.of(last)).filter(Objects::nonNull).map(String::strip)
                .filter(s -> !s.isEmpty()).findFirst().orElse(null);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    private static String joined(Stream<String> parts) {
        String text = parts.filter(Objects::nonNull).map(s -> s.replaceAll("\\s+", " ").strip())
                .filter(s -> !s.isEmpty()).collect(Collectors.joining(" "));
        return text.isEmpty() ? null : text.length() > 1_000 ? text.substring(0, 1_000) : text;
    }

    private static InvalidInputException refused(String message) {
        return InvalidInputException.of(null, FIELD, message);
    }
}
