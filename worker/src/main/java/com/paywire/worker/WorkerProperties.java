package com.paywire.worker;

import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * @param taskQueues      the task queues this process polls; a deployment gives a busy domain its own workers
 *                        by running processes with fewer queues each
 * @param localActivitySlots how many local activities (short database steps) a task queue's worker runs at
 *                        once; kept below the connection pool, so that a burst waits in Temporal's queue and not
 *                        on a pooled connection (where a wait over the pool's timeout fails the step)
 * @param stickyExecution whether a worker asks Temporal for the next task of a workflow it ran (kept in its
 *                        cache); true in production. False is a workaround for Temporal's Java dev service,
 *                        which never moves a task off the sticky queue of a worker that died
 *                        (docs/chaos.md#killed-workers-and-a-workaround-for-the-dev-service)
 * @param shutdownGrace   how long a stopping worker lets its running activities finish, having stopped polling, before
 *                        it interrupts them (Temporal then retries them elsewhere); longer than the longest activity
 *                        start-to-close timeout, and shorter than the orchestrator's grace before it kills the process
 */
@ConfigurationProperties("paywire.worker")
@Validated
public record WorkerProperties(@NotEmpty Set<String> taskQueues, @Positive int localActivitySlots,
                               @DefaultValue("true") boolean stickyExecution,
                               @DefaultValue("30s") Duration shutdownGrace) {
}
