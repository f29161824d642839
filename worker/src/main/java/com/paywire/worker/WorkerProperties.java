package com.paywire.worker;

import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param temporalAddress host:port of the Temporal frontend
 * @param namespace       the Temporal namespace
 * @param taskQueues      the task queues this process polls; a deployment gives a busy domain its own workers
 *                        by running processes with fewer queues each
 * @param localActivitySlots how many local activities (short database steps) a task queue's worker runs at
 *                        once; kept below the connection pool, so that a burst waits in Temporal's queue and not
 *                        on a pooled connection (where a wait over the pool's timeout fails the step)
 */
@ConfigurationProperties("paywire.worker")
public record WorkerProperties(String temporalAddress, String namespace, Set<String> taskQueues,
                               int localActivitySlots) {

    public WorkerProperties {
        if (localActivitySlots <= 0) {
            localActivitySlots = 10;
        }
    }
}
