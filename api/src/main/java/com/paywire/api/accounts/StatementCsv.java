package com.paywire.api.accounts;

import java.util.List;
import java.util.stream.Collectors;

/**
 * RFC 4180 CSV of statement lines. Text cells are the client's or a payer's words (descriptions, references), so a
 * cell a spreadsheet would take for a formula ({@code = + - @}, tab, carriage return) is prefixed with {@code '}, as
 * OWASP advises against CSV injection. Numbers and times are ours and stay as they are (a debit starts with -).
 */
final class StatementCsv {

    /** The first nine columns are the statement's original ones; the balance transaction's come after them. */
    static final String HEADER = "entryId,time,description,product,clientReference,paywireReference,fee,amount,"
            + "runningBalance,type,grossAmount,feeAmount,netAmount,paymentId,receiptNumber,availableAt";
    private static final String CRLF = "\r\n";

    private StatementCsv() {
    }

    static String write(List<StatementController.EntryLine> lines) {
        StringBuilder csv = new StringBuilder(HEADER).append(CRLF);
        for (StatementController.EntryLine line : lines) {
            csv.append(line.cells().map(StatementCsv::cell).collect(Collectors.joining(","))).append(CRLF);
        }
        return csv.toString();
    }

    private static String cell(Object value) {
        if (value == null) {
            return "";
        }
        if (!(value instanceof String text)) {
            return value.toString();
        }
        String safe = !text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0 ? "'" + text : text;
        return "\"" + safe.replace("\"", "\"\"") + "\"";
    }
}
