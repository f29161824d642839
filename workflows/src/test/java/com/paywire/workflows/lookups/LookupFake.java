package com.paywire.workflows.lookups;

import com.paywire.workflows.FailureType;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * In-memory activities of both sides of a {@link PersonalDataLookup}, for its workflow's tests: one object that
 * implements the product's rail and record interfaces. The rail's one method fails as told for its first attempts,
 * then gives the answer; {@code close} and {@code erasePersonalData} note what they were given and when they ran.
 * A proxy rather than a class per product, since every product's fake would be the same three methods.
 *
 * @param <O> the rail's answer
 */
public final class LookupFake<O> implements InvocationHandler {

    private volatile FailureType failure;
    private volatile int failingAttempts;
    public final AtomicInteger attempts = new AtomicInteger();
    public final Map<String, O> closed = new ConcurrentHashMap<>();
    public final List<String> steps = new CopyOnWriteArrayList<>();
    public volatile long closedAt;
    public volatile long erasedAt;

    private final O answer;
    private final LongSupplier clock;

    LookupFake(O answer, LongSupplier clock) {
        this.answer = answer;
        this.clock = clock;
    }

    /** The rail fails with this type for its first {@code attempts} attempts. */
    public void fail(FailureType type, int attempts) {
        failure = type;
        failingAttempts = attempts;
    }

    /** The activities to register: this fake behind the rail's and the record's interfaces. */
    Object implementing(Class<?> railActivities, Class<?> recordActivities) {
        return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {railActivities, recordActivities},
                this);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object invoke(Object proxy, Method method, Object[] args) {
        return switch (method.getName()) {
            case "close" -> {
                closed.put((String) args[0], (O) args[1]);
                closedAt = clock.getAsLong();
                steps.add("close");
                yield null;
            }
            case "erasePersonalData" -> {
                erasedAt = clock.getAsLong();
                steps.add("erase");
                yield null;
            }
            case "toString" -> "LookupFake answering " + answer;
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == args[0];
            default -> answer(method);
        };
    }

    private O answer(Method railMethod) {
        if (attempts.incrementAndGet() <= failingAttempts) {
            throw failure.failure(railMethod.getName() + " failed as " + failure, null);
        }
        return answer;
    }
}
