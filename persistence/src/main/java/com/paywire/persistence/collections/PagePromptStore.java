package com.paywire.persistence.collections;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * The phone prompts hosted pages started, counted against caps over sliding windows. The count is PostgreSQL's, so
 * every API replica shares it; a prompt is taken under a lock per subject, so prompts taken at once cannot pass a
 * cap between them.
 */
@Repository
public class PagePromptStore {

    /** Expired rows deleted per prompt taken: enough to keep up, small enough to keep a prompt quick. */
    private static final int FORGET_BATCH = 100;

    private final JdbcClient jdbc;

    public PagePromptStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** At most {@code max} prompts counted against {@code subject} within any {@code window}. */
    public record Cap(String subject, int max, Duration window) {
    }

    /**
     * A cap the prompt would pass.
     *
     * @param freeAt when the oldest prompt it counts leaves its window, so that another may be taken
     */
    public record Reached(Cap cap, OffsetDateTime freeAt) {
    }

    /**
     * Takes the prompt under every cap, or under none when one is reached. Rows older than {@code forgetBefore}
     * (the longest window any cap uses) are deleted on the way, a batch at a time.
     *
     * @return the first cap reached, in the order given; empty when the prompt was taken
     */
    @Transactional
    public Optional<Reached> take(UUID promptId, List<Cap> caps, OffsetDateTime now, OffsetDateTime forgetBefore) {
        caps.stream().map(Cap::subject).distinct().sorted() // one order for every caller: no deadlock
                .forEach(subject -> jdbc.sql("select pg_advisory_xact_lock(hashtextextended(?, 0))").param(subject)
                        .query(Object.class).single());
        for (Cap cap : caps) {
            List<OffsetDateTime> counted = jdbc.sql("""
                    select taken_at from page_prompts where subject = ? and taken_at > ? order by taken_at
                    """).params(cap.subject(), now.minus(cap.window())).query(OffsetDateTime.class).list();
            if (counted.size() >= cap.max()) {
                return Optional.of(new Reached(cap, counted.get(counted.size() - cap.max()).plus(cap.window())));
            }
        }
        caps.stream().map(Cap::subject).distinct().forEach(subject -> jdbc.sql(
                        "insert into page_prompts (prompt_id, subject, taken_at) values (?, ?, ?)")
                .params(promptId, subject, now).update());
        jdbc.sql("""
                delete from page_prompts where ctid = any(array(
                    select ctid from page_prompts where taken_at < ? limit ? for update skip locked))
                """).params(forgetBefore, FORGET_BATCH).update();
        return Optional.empty();
    }

    /** Gives a prompt back that was taken but never sent. */
    public void release(UUID promptId) {
        jdbc.sql("delete from page_prompts where prompt_id = ?").param(promptId).update();
    }
}
