package com.paywire.workflows.paybacks;

import com.paywire.workflows.Policies;
import com.paywire.workflows.RailCalls;
import io.temporal.workflow.Functions;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * How a workflow that asked a rail to give money back (a pay-back, a payout's reversal) waits for the rail's answer:
 * its callback (a signal, {@link #railAnswer}), or else its status, asked on a doubling timer; after
 * {@link #REFERRAL_AFTER} without one the money stays held and operators are told; after {@link #GIVE_UP_AFTER} the
 * rail is no longer asked, and the wait goes on, without timers, for its late callback or an operator's word (both
 * come as {@link #railAnswer}); before version {@value #WAITS_FOR_AN_OPERATOR} the wait ended there with no answer.
 * Workflow code: the commands it issues are those of the calls it is given, in order.
 */
public final class RailAnswerWait {

    /** The first wait for the rail's callback before its status is asked; each wait after is twice the last. */
    static final Duration FIRST_CHECK = Duration.ofMinutes(1);
    static final Duration LONGEST_CHECK = Duration.ofHours(1);
    /** How long the rail is asked before the money is referred to operators, still held. */
    static final Duration REFERRAL_AFTER = Policies.RECONCILIATION_WINDOW;
    /** How long a referred request is still asked about, its money held, before the workflow ends. */
    static final Duration GIVE_UP_AFTER = Duration.ofDays(30);
    private static final String UNREACHABLE = "the rail could not be reached";
    /** The version from which a wait past {@link #GIVE_UP_AFTER} goes on for a late answer or an operator's. */
    static final String WAITS_FOR_AN_OPERATOR = "waits-for-an-operator";

    private PayBackAnswer answer;

    /** The rail's answer as its callback brought it: the first that decides is kept. */
    public void railAnswer(PayBackAnswer railAnswer) {
        if (railAnswer != null && railAnswer.decides() && answer == null) {
            answer = railAnswer;
        }
    }

    /** The rail's first answer, or an unknown one when the rail could not be reached. */
    public static PayBackAnswer ask(Functions.Func<PayBackAnswer> call) {
        return RailCalls.orWhenUnreachable(call, unreachable -> PayBackAnswer.unknown(UNREACHABLE));
    }

    /**
     * Waits for an answer that decides, after the rail's first answer did not.
     *
     * @param status   asks the rail where the request stands
     * @param askAgain when not null, asks the rail again when it says it never heard of the request (it was away
     *                 when first asked); the same key, so harmless if it had
     * @param refer    keeps the money held and tells operators, with the reason, once
     * @return the deciding answer (the rail's, or an operator's given as one); before version
     *         {@value #WAITS_FOR_AN_OPERATOR}, null when the rail said nothing for {@link #GIVE_UP_AFTER}
     */
    public PayBackAnswer untilDecided(Functions.Func<PayBackAnswer> status, Functions.Func<PayBackAnswer> askAgain,
                                      Consumer<String> refer) {
        long started = Workflow.currentTimeMillis();
        Duration wait = FIRST_CHECK;
        boolean referred = false;
        while (true) {
            Workflow.await(wait, () -> answer != null);
            if (answer == null) {
                PayBackAnswer now = ask(status);
                if (askAgain != null && now.state() == PayBackAnswer.State.UNKNOWN) {
                    now = ask(askAgain);
                }
                if (now.decides()) {
                    answer = now;
                }
            }
            if (answer != null) {
                return answer;
            }
            Duration waited = Duration.ofMillis(Workflow.currentTimeMillis() - started);
            if (!referred && waited.compareTo(REFERRAL_AFTER) >= 0) {
                refer.accept("no answer from the rail in " + REFERRAL_AFTER.toHours()
                        + " h: the money stays held until the rail's answer or an operator's");
                referred = true;
            }
            if (waited.compareTo(GIVE_UP_AFTER) >= 0) {
                if (Workflow.getVersion(WAITS_FOR_AN_OPERATOR, Workflow.DEFAULT_VERSION, 1)
                        == Workflow.DEFAULT_VERSION) {
                    return null;
                }
                // the money stays held for as long as it takes: nobody else can say where it went
                Workflow.await(() -> answer != null);
                return answer;
            }
            wait = Policies.doubled(wait, LONGEST_CHECK);
        }
    }
}
