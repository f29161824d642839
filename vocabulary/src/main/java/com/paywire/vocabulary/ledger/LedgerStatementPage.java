package com.paywire.vocabulary.ledger;

import java.util.List;

/** A statement's period, with one page of its entries. */
public record LedgerStatementPage(StatementPeriod period, List<StatementEntry> entries) {
}
