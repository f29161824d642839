package com.paywire.worker;

import java.util.List;

/**
 * What runs on one task queue: workflow implementation classes and activity implementation objects.
 * Each domain contributes a bean of this type.
 */
public record TaskQueueRegistration(String taskQueue, List<Class<?>> workflowImplementations,
                                    List<Object> activityImplementations) {
}
