package com.paywire.vocabulary.lookups;

/**
 * The personal part of an account validation, kept sealed (V11).
 *
 * @param holderName the name the institution gave, once it answered that it knows the account
 */
public record AccountHolder(String accountNumber, String holderName) {
}
