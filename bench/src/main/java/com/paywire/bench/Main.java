package com.paywire.bench;

import com.paywire.bench.chaos.ChaosRun;
import com.paywire.bench.ledger.LedgerBenchmark;
import java.util.Arrays;

/**
 * {@code ./paywire bench [N] [C]} runs the benchmark, {@code ./paywire bench ledger [seconds]} the ledger's alone,
 * {@code ./paywire bench limits [seconds] [C]} what the rate limit costs a request,
 * {@code ./paywire chaos [seconds] [seed]} the chaos run.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("chaos")) {
            ChaosRun.main(Arrays.copyOfRange(args, 1, args.length));
        } else if (args.length > 0 && args[0].equals("ledger")) {
            LedgerBenchmark.main(Arrays.copyOfRange(args, 1, args.length));
        } else if (args.length > 0 && args[0].equals("limits")) {
            RateLimitBenchmark.main(Arrays.copyOfRange(args, 1, args.length));
        } else if (args.length > 0 && args[0].equals("role")) {
            StackRole.main(Arrays.copyOfRange(args, 1, args.length)); // a part the benchmark starts as a process
        } else {
            PaywireBenchmark.main(args);
        }
    }
}
