package com.paywire.worker;

import io.temporal.client.WorkflowClient;
import io.temporal.common.interceptors.WorkerInterceptor;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerFactoryOptions;
import io.temporal.worker.WorkerOptions;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Starts one Temporal worker per configured task queue once the context is ready, with the context's worker
 * interceptors (in the local stack, {@link ClockHoldingActivities}), and on shutdown stops polling and lets running
 * activities finish before the process exits.
 */
@Component
class TemporalWorkers implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(TemporalWorkers.class);
    private final WorkerFactory factory;
    private final Duration shutdownGrace;
    private volatile boolean running;

    TemporalWorkers(WorkflowClient client, WorkerProperties properties, List<TaskQueueRegistration> registrations,
                    List<WorkerInterceptor> interceptors) {
        Set<String> known = registrations.stream().map(TaskQueueRegistration::taskQueue).collect(Collectors.toSet());
        if (!known.containsAll(properties.taskQueues())) {
            // a queue nothing is registered on would be polled for nothing: a typo or a stale setting
            throw new IllegalStateException("paywire.worker.task-queues names queues no workflow runs on: "
                    + properties.taskQueues().stream().filter(q -> !known.contains(q)).sorted().toList()
                    + "; the queues are " + known.stream().sorted().toList());
        }
        this.factory = WorkerFactory.newInstance(client, WorkerFactoryOptions.newBuilder()
                .setWorkerInterceptors(interceptors.toArray(WorkerInterceptor[]::new)).build());
        this.shutdownGrace = properties.shutdownGrace();
        for (TaskQueueRegistration registration : registrations) {
            if (!properties.taskQueues().contains(registration.taskQueue())) {
                continue;
            }
            Worker worker = factory.newWorker(registration.taskQueue(), workerOptions(properties));
            registration.workflowImplementations().forEach(worker::registerWorkflowImplementationTypes);
            registration.activityImplementations().forEach(worker::registerActivitiesImplementations);
            log.info("Task queue '{}': {} workflow types, {} activity implementations", registration.taskQueue(),
                    registration.workflowImplementations().size(), registration.activityImplementations().size());
        }
    }

    static WorkerOptions workerOptions(WorkerProperties properties) {
        WorkerOptions.Builder options = WorkerOptions.newBuilder()
                .setMaxConcurrentLocalActivityExecutionSize(properties.localActivitySlots());
        if (!properties.stickyExecution()) {
            // a zero sticky schedule-to-start timeout is how the SDK is told not to ask for sticky execution
            options.setStickyQueueScheduleToStartTimeout(Duration.ZERO);
        }
        return options.build();
    }

    @Override
    public void start() {
        factory.start();
        running = true;
    }

    @Override
    public void stop() {
        factory.shutdown();
        factory.awaitTermination(shutdownGrace.toMillis(), TimeUnit.MILLISECONDS);
        if (!factory.isTerminated()) {
            log.warn("Activities still running after {}; Temporal will retry them on another worker", shutdownGrace);
            factory.shutdownNow();
        }
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
