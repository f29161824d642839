package com.paywire.vocabulary.lifecycle;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The statuses a payment may move to from each of its statuses, as a table: one per product ({@link Lifecycles}).
 * Writing the status a payment already has (a retried step) is no move; a status the table gives no move from is
 * terminal.
 *
 * @param <S> the product's status enum
 */
public final class Lifecycle<S extends Enum<S>> {

    private final Class<S> type;
    private final String payment;
    private final Map<S, Set<S>> moves;

    private Lifecycle(Class<S> type, String payment, Map<S, Set<S>> moves) {
        this.type = type;
        this.payment = payment;
        this.moves = moves;
    }

    /** @param payment what moves, in words, for the refusal's message ("a payout line") */
    public static <S extends Enum<S>> Builder<S> of(Class<S> type, String payment) {
        return new Builder<>(type, payment);
    }

    public boolean canMove(S from, S to) {
        return moves.get(from).contains(to);
    }

    /**
     * @return {@code to}, for the caller to record
     * @throws IllegalMoveException when the table has no move from {@code from} to {@code to}
     */
    public S requireMove(S from, S to) {
        if (!canMove(from, to)) {
            throw new IllegalMoveException(payment + " may not move from " + from + " to " + to);
        }
        return to;
    }

    /** The statuses {@code from} may move to. */
    public Set<S> next(S from) {
        return Collections.unmodifiableSet(moves.get(from));
    }

    /** The statuses that may move to {@code to}, in the enum's order: a status list for a guarded update. */
    public List<S> from(S to) {
        return Arrays.stream(type.getEnumConstants()).filter(s -> canMove(s, to)).toList();
    }

    public boolean isTerminal(S status) {
        return moves.get(status).isEmpty();
    }

    /** Collects the table row by row; a status given no row is terminal. */
    public static final class Builder<S extends Enum<S>> {

        private final Class<S> type;
        private final String payment;
        private final Map<S, Set<S>> moves;

        private Builder(Class<S> type, String payment) {
            this.type = type;
            this.payment = payment;
            this.moves = new EnumMap<>(type);
            for (S status : type.getEnumConstants()) {
                moves.put(status, EnumSet.noneOf(type));
            }
        }

        /** The moves from {@code from}: to each of {@code to}. */
        @SafeVarargs
        public final Builder<S> allow(S from, S... to) {
            for (S next : to) {
                if (next == from) {
                    throw new IllegalArgumentException("staying " + from + " is no move");
                }
                moves.get(from).add(next);
            }
            return this;
        }

        public Lifecycle<S> build() {
            return new Lifecycle<>(type, payment, new EnumMap<>(moves));
        }
    }
}
