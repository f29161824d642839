package com.paywire.vocabulary.rules.amounts;

import com.paywire.vocabulary.money.Cents;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The one rule for an amount of money, whichever field carries it and whether the client wrote it as a JSON
 * string or a JSON number: plain digits with an optional decimal part (no sign, no exponent, no spaces),
 * greater than zero, at most {@value #MAX_DECIMALS} decimals and at most {@value #MAX_INTEGER_DIGITS} digits before
 * the point. The database keeps amounts as numeric(20,2); the tighter integer limit leaves room for balances
 * and sums of many amounts. The API's {@code @Amount} checks request fields by this rule; the domain checks
 * what it is handed (a payment-link page, for one) by the same.
 */
public final class Amounts {

    public static final int MAX_INTEGER_DIGITS = 15;
    public static final int MAX_DECIMALS = Cents.SCALE;
    /** What a client may write: digits, optionally a point and more digits. Length is checked after parsing. */
    private static final Pattern PLAIN_DECIMAL = Pattern.compile("\\d+(\\.\\d+)?");

    /** The sentence after "The field X": shared by every amount field's error. */
    public static final String RULE = "must be an amount greater than zero, written as plain digits with at most "
            + MAX_DECIMALS + " decimals and at most " + MAX_INTEGER_DIGITS + " digits before the point, such as 100.00";

    private Amounts() {
    }

    /** Whether the text is written as a plain decimal number (it may still be out of range). */
    public static boolean isPlainDecimal(CharSequence text) {
        return text != null && PLAIN_DECIMAL.matcher(text).matches();
    }

    /** The amount the text names, when it follows the rule. */
    public static Optional<BigDecimal> parse(String text) {
        if (!isPlainDecimal(text)) {
            return Optional.empty();
        }
        BigDecimal amount = new BigDecimal(text);
        return isValid(amount) ? Optional.of(amount) : Optional.empty();
    }

    /**
     * The amount without trailing zeros, as a JSON number a client reads plainly: 100.50 as 100.5 and 100.00 as
     * 100, never 1E+2 (stripping zeros alone leaves a negative scale, which Jackson writes in exponent notation).
     */
    public static BigDecimal withoutTrailingZeros(BigDecimal amount) {
        BigDecimal stripped = amount.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }

    public static boolean isValid(BigDecimal amount) {
        if (amount == null || amount.signum() <= 0) {
            return false;
        }
        BigDecimal significant = amount.stripTrailingZeros();
        int integerDigits = significant.precision() - significant.scale();
        return significant.scale() <= MAX_DECIMALS && integerDigits <= MAX_INTEGER_DIGITS;
    }
}
