package com.paywire.vocabulary.rules.kyc;

import com.paywire.vocabulary.lookups.KycResponseCode;
import java.text.Normalizer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compares the names a client sent with the registry's the way a person reading both would: case, accents
 * (Jos&eacute; is JOSE), punctuation and hyphens (Mary-Anne is MARY ANNE) and the order the names come in do not
 * matter; a name the client left out is not a mismatch. A field matches when every word in it is one of the
 * registry's names for the person. The date of birth, when sent, must be the registry's day.
 */
public final class NameMatch {

    public static final String MATCHED = "MATCHED";
    public static final String MISMATCHED = "MISMATCHED";
    public static final String NOT_PROVIDED = "NOT_PROVIDED";

    private NameMatch() {
    }

    public static KycVerdict compare(PersonNames request, PersonNames registered) {
        List<String> registryWords = new ArrayList<>();
        for (String name : new String[] {registered.firstName(), registered.middleName(), registered.lastName(),
                registered.otherNames()}) {
            registryWords.addAll(words(name));
        }
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("firstName", nameVerdict(request.firstName(), registryWords));
        fields.put("middleName", nameVerdict(request.middleName(), registryWords));
        fields.put("lastName", nameVerdict(request.lastName(), registryWords));
        fields.put("otherNames", nameVerdict(request.otherNames(), registryWords));
        fields.put("dateOfBirth", dateVerdict(request.dateOfBirth(), registered.dateOfBirth()));

        long names = fields.entrySet().stream().filter(e -> !e.getKey().equals("dateOfBirth"))
                .filter(e -> !e.getValue().equals(NOT_PROVIDED)).count();
        long namesMatched = fields.entrySet().stream().filter(e -> !e.getKey().equals("dateOfBirth"))
                .filter(e -> e.getValue().equals(MATCHED)).count();
        boolean dateAgrees = !fields.get("dateOfBirth").equals(MISMATCHED);
        if (namesMatched == 0) {
            return KycVerdict.of(KycResponseCode.NAMES_DO_NOT_MATCH,
                    "The national ID is registered to another person: none of the names match", fields);
        }
        if (namesMatched == names && dateAgrees) {
            return KycVerdict.of(KycResponseCode.VERIFIED, "Identity verified: the details match the registry", fields);
        }
        List<String> differing = fields.entrySet().stream().filter(e -> e.getValue().equals(MISMATCHED))
                .map(Map.Entry::getKey).toList();
        return KycVerdict.of(KycResponseCode.PARTIAL_MATCH, "Partial match: " + String.join(", ", differing)
                + " differ" + (differing.size() == 1 ? "s" : "") + " from the registry", fields);
    }

    private static String nameVerdict(String given, List<String> registryWords) {
        List<String> givenWords = words(given);
        if (givenWords.isEmpty()) {
            return NOT_PROVIDED;
        }
        List<String> available = new ArrayList<>(registryWords);
        for (String word : givenWords) {
            if (!available.remove(word)) {
                return MISMATCHED;
            }
        }
        return MATCHED;
    }

    private static String dateVerdict(String given, String registered) {
        LocalDate givenDay = day(given);
        if (givenDay == null) {
            return NOT_PROVIDED;
        }
        return givenDay.equals(day(registered)) ? MATCHED : MISMATCHED;
    }

    /**
     * A date of birth as a day: ISO date, or ISO date-time with or without offset (its date part: a birthday has no
     * time zone). The whole text must be one of those: a date followed by anything else is none.
     */
    public static LocalDate day(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String value = text.strip();
        try {
            return LocalDate.parse(value);
        } catch (DateTimeParseException notADate) {
            try {
                return OffsetDateTime.parse(value).toLocalDate();
            } catch (DateTimeParseException notADateTimeWithOffset) {
                try {
                    return LocalDateTime.parse(value).toLocalDate();
                } catch (DateTimeParseException notADateTime) {
                    return null;
                }
            }
        }
    }

    /** Upper case, accents removed, split on anything that is not a letter. */
    static List<String> words(String name) {
        if (name == null) {
            return List.of();
        }
        String plain = Normalizer.normalize(name, Normalizer.Form.NFD).replaceAll("\\p{M}", "")
                .toUpperCase(Locale.ROOT);
        return Arrays.stream(plain.split("[^\\p{L}]+")).filter(w -> !w.isEmpty()).toList();
    }
}
