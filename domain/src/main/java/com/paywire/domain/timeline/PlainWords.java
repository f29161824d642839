package com.paywire.domain.timeline;

import com.paywire.persistence.secrets.PersonalDataSeal;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** How a timeline writes amounts, durations and text that came from elsewhere. */
final class PlainWords {

    /**
     * A phone number, a national id, an account or card number: seven digits or more, maybe after a plus, standing
     * alone (not a run of digits inside an id such as a UUID).
     */
    private static final Pattern LONG_NUMBER = Pattern.compile("(?<![\\w-])\\+?\\d{7,}(?![\\w-])");

    private PlainWords() {
    }

    /** 1,010.00 KES. */
    static String money(BigDecimal amount, String currency) {
        DecimalFormat format = new DecimalFormat("#,##0.00", DecimalFormatSymbols.getInstance(Locale.US));
        return format.format(amount) + (currency == null ? "" : " " + currency);
    }

    /** 350 ms, 4 s, 2.5 s, 2 min, 2 min 30 s, 1 h 5 min, 30 d. */
    static String duration(Duration duration) {
        long millis = duration.toMillis();
        if (millis < 1000) {
            return millis + " ms";
        }
        if (millis < 60_000) {
            return millis % 1000 == 0 ? millis / 1000 + " s"
                    : BigDecimal.valueOf(millis, 3).setScale(1, RoundingMode.HALF_UP).stripTrailingZeros()
                            .toPlainString() + " s";
        }
        long seconds = duration.toSeconds();
        if (seconds < 3600) {
            return seconds / 60 + " min" + (seconds % 60 == 0 ? "" : " " + seconds % 60 + " s");
        }
        if (seconds < 86_400) {
            long minutes = seconds % 3600 / 60;
            return seconds / 3600 + " h" + (minutes == 0 ? "" : " " + minutes + " min");
        }
        long hours = seconds % 86_400 / 3600;
        return seconds / 86_400 + " d" + (hours == 0 ? "" : " " + hours + " h");
    }

    /**
     * Text that Paywire did not write for a reader (a rail's description, a failure's message) with every long
     * number masked as support sees it ({@link PersonalDataSeal#mask}): it may quote a phone or an account.
     */
    static String masked(String text) {
        if (text == null) {
            return null;
        }
        Matcher numbers = LONG_NUMBER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (numbers.find()) {
            numbers.appendReplacement(out, Matcher.quoteReplacement(PersonalDataSeal.mask(numbers.group(), 2)));
        }
        numbers.appendTail(out);
        return out.toString();
    }

    /** RESERVED_LATE reads as "reserved late". */
    static String enumWords(String name) {
        return name.toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
