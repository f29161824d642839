package com.paywire.devtemporal;

import io.temporal.testserver.TestServer;
import java.lang.reflect.Field;
import java.util.LinkedList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Temporal's Java dev service (the SDK's test server) listening on a port, as the local stack, the benchmark and the
 * chaos run start it, with one defect of its timer worked around.
 *
 * <p>The service's self-advancing timer writes every lock and unlock of time skipping into a list that it never
 * trims (its source says the list is there for debugging), and when one of its own timer tasks ends it finds that
 * task's entry by walking the list from the start. Every workflow task, activity and timer adds entries, so the
 * walk gets longer with every payment the service has ever run: in the benchmark, after some thousands of payouts,
 * that walk was 54% of the dev service's CPU samples, and the floor's workflows cost the service twice as much when
 * they ran after the payouts as on a fresh service. The list is replaced by one that keeps nothing. What decides
 * time skipping is a count kept beside it, which stays as it is, so the test clock and timers behave as before;
 * only the service's diagnostics of an unbalanced unlock lose their history.
 */
public final class DevTemporalService {

    private static final Logger log = LoggerFactory.getLogger(DevTemporalService.class);

    private DevTemporalService() {
    }

    /** Starts the dev service on {@code port} (all interfaces, as the SDK binds it); close it to stop it. */
    public static TestServer.PortBoundTestServer start(int port) {
        TestServer.PortBoundTestServer server = TestServer.createPortBoundServer(port);
        if (!keepNoLockEvents(server)) {
            log.warn("The Temporal dev service's timer is not shaped as expected (another SDK version?): it runs "
                    + "with its lock log, and gets slower the more workflows it has run");
        }
        return server;
    }

    /**
     * Swaps the timer's lock log for {@link NoLockEvents}, reaching through the server's private fields; false
     * when they are not where this SDK version has them.
     */
    static boolean keepNoLockEvents(TestServer.PortBoundTestServer server) {
        try {
            Object timer = timer(server);
            Field lockEvents = timer.getClass().getDeclaredField("lockEvents");
            if (lockEvents.getType() != LinkedList.class) {
                return false;
            }
            lockEvents.setAccessible(true);
            lockEvents.set(timer, new NoLockEvents());
            return true;
        } catch (ReflectiveOperationException | RuntimeException notAsExpected) {
            return false;
        }
    }

    /** The number of lock events the dev service's timer holds (for tests). */
    static int lockEventsKept(TestServer.PortBoundTestServer server) throws ReflectiveOperationException {
        return ((LinkedList<?>) field(timer(server), "lockEvents")).size();
    }

    /** The server's self-advancing timer, behind its services. */
    private static Object timer(TestServer.PortBoundTestServer server) throws ReflectiveOperationException {
        return field(field(server, "testServicesStarter"), "selfAdvancingTimer");
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        Field field = owner.getClass().getDeclaredField(name);
        field.setAccessible(true);
        return field.get(owner);
    }

    /**
     * A lock log that keeps nothing: every entry added is dropped, and every entry looked for counts as found, as
     * the timer expects of an entry it added.
     */
    static final class NoLockEvents extends LinkedList<Object> {

        @Override
        public boolean add(Object event) {
            return true;
        }

        @Override
        public boolean remove(Object event) {
            return true;
        }
    }
}
