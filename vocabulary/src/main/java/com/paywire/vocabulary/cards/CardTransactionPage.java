package com.paywire.vocabulary.cards;

import java.util.List;

/** One page of a client's card transactions, and how many match in all. */
public record CardTransactionPage(List<CardTransaction> transactions, int total) {
}
