package com.paywire.vocabulary.rules.kyc;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.lookups.KycResponseCode;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

/**
 * Name matching read both ways. For people with four different names, one word each, it does not matter which
 * side is the request and which the registry: the verdict and the number of names matched are the same. (A name
 * given twice breaks that, on purpose: every field of the request is looked for among all the registry's names.)
 */
class NameMatchPropertiesTest {

    /** Few enough that two people drawn from them often share names, some partly, some wholly. */
    static final List<String> NAMES = List.of("JOHN", "KAMAU", "MWANGI", "JOSÉ", "OCHIENG", "MARY", "ANNE", "WANJIRU");

    @Provide
    Arbitrary<List<String>> person() {
        return Arbitraries.of(NAMES).list().ofSize(4).uniqueElements();
    }

    @Provide
    Arbitrary<Tuple2<List<String>, List<String>>> personAndTheSameNamesReordered() {
        return person().flatMap(names -> Arbitraries.shuffle(names).map(reordered -> Tuple.of(names, reordered)));
    }

    @Property
    void comparedEitherWay_theVerdictAndTheNamesMatchedShouldBeTheSame(@ForAll("person") List<String> a,
                                                                       @ForAll("person") List<String> b) {
        KycVerdict aAgainstB = NameMatch.compare(request(a), registered(b));
        KycVerdict bAgainstA = NameMatch.compare(request(b), registered(a));

        assertThat(aAgainstB.responseCode()).isEqualTo(bAgainstA.responseCode());
        assertThat(matched(aAgainstB)).isEqualTo(matched(bAgainstA));
    }

    @Property
    void thePersonsOwnNames_inAnotherOrderCaseAndWithoutAccents_shouldVerify_bothWays(
            @ForAll("personAndTheSameNamesReordered") Tuple2<List<String>, List<String>> person) {
        List<String> written = person.get2().stream().map(NameMatchPropertiesTest::asTyped).toList();

        assertThat(NameMatch.compare(request(written), registered(person.get1())).responseCode())
                .isEqualTo(KycResponseCode.VERIFIED.code());
        assertThat(NameMatch.compare(request(person.get1()), registered(written)).responseCode())
                .isEqualTo(KycResponseCode.VERIFIED.code());
    }

    @Example
    void aNameGivenTwice_isFoundTwiceInOneName_soTheOtherWayRoundIsOnlyAPartialMatch() {
        List<String> twice = Arrays.asList("JOHN", null, "JOHN", null);
        List<String> other = Arrays.asList("JOHN", null, "KAMAU", null);

        assertThat(NameMatch.compare(request(twice), registered(other)).responseCode())
                .isEqualTo(KycResponseCode.VERIFIED.code());
        assertThat(NameMatch.compare(request(other), registered(twice)).responseCode())
                .isEqualTo(KycResponseCode.PARTIAL_MATCH.code());
    }

    @Example
    void noNameInCommon_shouldNotMatch_eitherWay() {
        List<String> a = List.of("JOHN", "KAMAU", "MWANGI", "JOSÉ");
        List<String> b = List.of("OCHIENG", "MARY", "ANNE", "WANJIRU");

        assertThat(NameMatch.compare(request(a), registered(b)).responseCode())
                .isEqualTo(KycResponseCode.NAMES_DO_NOT_MATCH.code());
        assertThat(NameMatch.compare(request(b), registered(a)).responseCode())
                .isEqualTo(KycResponseCode.NAMES_DO_NOT_MATCH.code());
    }

    /** As a client might type it: lower case, accents left out. */
    static String asTyped(String name) {
        return name.toLowerCase(Locale.ROOT).replace('é', 'e');
    }

    static long matched(KycVerdict verdict) {
        return verdict.fieldMatches().values().stream().filter(NameMatch.MATCHED::equals).count();
    }

    static PersonNames request(List<String> names) {
        return new PersonNames(names.get(0), names.get(1), names.get(2), names.get(3), null);
    }

    static PersonNames registered(List<String> names) {
        return new PersonNames(names.get(0), names.get(1), names.get(2), names.get(3), null);
    }
}
