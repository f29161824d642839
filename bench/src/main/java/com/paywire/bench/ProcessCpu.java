package com.paywire.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * CPU time of a process and everything under it (PostgreSQL runs one process per connection), read from
 * /proc/PID/stat: user plus system time of each live process, plus what its finished children used.
 */
public final class ProcessCpu {

    /** Linux counts CPU time in clock ticks of 1/100 s (getconf CLK_TCK) on the machines this runs on. */
    static final long MILLIS_PER_TICK = 10;

    private ProcessCpu() {
    }

    /** CPU milliseconds used so far by the process and its descendants; 0 where /proc does not tell. */
    public static long millis(long pid) {
        return ProcessHandle.of(pid).map(root -> {
            try (Stream<ProcessHandle> tree = Stream.concat(Stream.of(root), root.descendants())) {
                return tree.mapToLong(process -> ticks(process.pid(), true)).sum() * MILLIS_PER_TICK;
            }
        }).orElse(0L);
    }

    /** CPU milliseconds used so far by this process alone (the processes it started are roles of their own). */
    public static long ownMillis() {
        return ticks(ProcessHandle.current().pid(), false) * MILLIS_PER_TICK;
    }

    private static long ticks(long pid, boolean withFinishedChildren) {
        return ticks(Path.of("/proc", Long.toString(pid), "stat"), withFinishedChildren);
    }

    /** Clock ticks of a process's or a thread's stat file (/proc/PID/task/TID/stat has the same fields). */
    static long ticks(Path statFile, boolean withFinishedChildren) {
        try {
            String stat = Files.readString(statFile);
            // the command name in parentheses may hold spaces: the fields counted from 3 start after its ')'
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // utime, stime, cutime, cstime are fields 14 to 17 of proc(5), here 11 to 14 counting from 0
            long own = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            return withFinishedChildren ? own + Long.parseLong(fields[13]) + Long.parseLong(fields[14]) : own;
        } catch (IOException | RuntimeException gone) {
            return 0; // exited between listing and reading, or not Linux
        }
    }
}
