package com.paywire.vocabulary.operations;

import java.util.List;

/** One page of the payments pending confirmation, and how many there are in all. */
public record UnconfirmedPaymentPage(List<UnconfirmedPayment> payments, long total) {
}
