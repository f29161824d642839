package com.paywire.worker;

import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param temporalAddress host:port of the Temporal frontend
 * @param namespace       the Temporal namespace
 * @param taskQueues      the task queues this process polls; a deployment gives a busy domain its own workers
 *                        by running processes with fewer queues each
 */
@ConfigurationProperties("paywire.worker")
public record WorkerProperties(String temporalAddress, String namespace, Set<String> taskQueues) {
}
