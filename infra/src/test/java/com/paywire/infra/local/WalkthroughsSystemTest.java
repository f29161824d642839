package com.paywire.infra.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The docs' curl walkthroughs run as written: each page's sh blocks, in order, in one bash session against a local
 * stack of this test's own (the walkthroughs move its test clock), with {@code localhost:8080} (and the worker's
 * {@code localhost:8081}) pointing at it. A command that fails fails the page, naming the block, the command and
 * what the block printed; curl is run with {@code --fail-with-body}, so an HTTP error answer fails as well.
 */
class WalkthroughsSystemTest {

    /** The pages that carry a product's walkthrough: each must keep at least one block that runs. */
    static final List<String> WALKTHROUGH_PAGES = List.of("README.md", "docs/payouts.md", "docs/collections.md",
            "docs/cards-and-checkout.md", "docs/kyc-and-account-validation.md", "docs/airtime-and-bills.md",
            "docs/accounts.md", "docs/webhooks.md", "docs/timeline.md", "docs/sandbox.md", "docs/paybill-deposits.md",
            "docs/funding.md", "docs/money-cycle.md");
    static final List<String> TOOLS = List.of("bash", "curl", "python3");
    /** A guard against a page that hangs, not a timing: the slowest (disputes) takes about 50 s beside another fork. */
    static final long PAGE_LIMIT_SECONDS = 120;
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static final String BLOCK_MARK = "@@block ";
    /** A failed command, as the ERR trap says it, or an error of bash's own (an unset variable: no ERR trap). */
    private static final Pattern FAILED = Pattern.compile(
            "^(?:@@failed (\\d+) (\\d+) (.*)|\\S*walkthrough\\.sh: line (\\d+): (.*))$", Pattern.MULTILINE);
    /**
     * Before the blocks: stop at the first failing command, in a $(...) too, and say which; curl fails on an HTTP
     * error answer, and says what it answered (a pipe or $(...) would otherwise swallow it); jq is not there (a fresh machine may lack it); background receivers end with the session.
     */
    private static final String PRELUDE = """
            set -Eeuo pipefail
            shopt -s inherit_errexit
            trap 'echo "@@failed $LINENO $? $BASH_COMMAND" >&2' ERR
            trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
            curl() {
              local answer rc=0; answer=$(mktemp)
              command curl --fail-with-body "$@" > "$answer" || rc=$?
              cat "$answer"
              if [ $rc -ne 0 ]; then echo "@@curl exit $rc, it answered: $(head -c 2000 "$answer")" >&2; fi
              rm -f "$answer"; return $rc
            }
            jq() { echo "jq: the walkthroughs do without it" >&2; return 127; }
            """;

    static LocalStack stack;

    @BeforeAll
    static void start() {
        List<String> missing = TOOLS.stream().filter(tool -> !onPath(tool)).toList();
        if (!missing.isEmpty() && !"true".equals(System.getenv("CI"))) {
            Assumptions.abort("the walkthroughs need " + String.join(", ", missing)
                    + " (apt-get install curl python3): not run");
        }
        assertThat(missing).as("tools the walkthroughs need (.ci/run installs them)").isEmpty();
        stack = new LocalStack();
        stack.start(new LocalStackSettings(null, freePort(), null, null, 0), "--server.port=0",
                "--paywire.worker.management-port=0");
    }

    @AfterAll
    static void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void everyProductPage_shouldKeepAWalkthroughThatRuns_andEveryBlockNotRunShouldSayWhy() {
        for (String page : WALKTHROUGH_PAGES) {
            assertThat(Walkthroughs.shellBlocks(ROOT, page)).as(page).anyMatch(Walkthroughs.Block::runs);
        }
        for (String page : Walkthroughs.pages(ROOT)) {
            assertThat(Walkthroughs.shellBlocks(ROOT, page)).as(page)
                    .allSatisfy(block -> assertThat(block.runs() || !block.notRunBecause().isBlank())
                            .as("line %d: a not-run marker names its reason", block.line()).isTrue());
        }
    }

    @TestFactory
    Stream<DynamicTest> eachPagesWalkthrough_shouldRunAsWritten() {
        return Walkthroughs.pages(ROOT).stream()
                .map(page -> Walkthroughs.shellBlocks(ROOT, page).stream().filter(Walkthroughs.Block::runs).toList())
                .filter(blocks -> !blocks.isEmpty())
                .map(blocks -> DynamicTest.dynamicTest(blocks.getFirst().page(), () -> run(blocks)));
    }

    /** Runs one page's blocks in one bash session; fails naming the block and command that failed. */
    private static void run(List<Walkthroughs.Block> blocks) throws IOException, InterruptedException {
        String page = blocks.getFirst().page();
        StringBuilder script = new StringBuilder(PRELUDE);
        List<Integer> blockStarts = new ArrayList<>(); // the script line each block's first line is on
        for (int b = 0; b < blocks.size(); b++) {
            script.append("echo '").append(BLOCK_MARK).append(b).append("'\n");
            blockStarts.add((int) script.chars().filter(c -> c == '\n').count() + 1);
            script.append(pointedAtTheStack(blocks.get(b).text()));
        }
        Path dir = Files.createTempDirectory("paywire-walkthrough");
        Path file = dir.resolve("walkthrough.sh");
        Path output = dir.resolve("output.txt");
        Files.writeString(file, script);
        ProcessBuilder bash = new ProcessBuilder("bash", file.toString()).directory(ROOT.toFile())
                .redirectErrorStream(true).redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        bash.environment().put("PAYWIRE_PORT", port(stack.apiBaseUrl()));
        long begun = System.nanoTime();
        Process process = bash.start();
        boolean ended = process.waitFor(PAGE_LIMIT_SECONDS, TimeUnit.SECONDS);
        if (!ended) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor();
        }
        String printed = Files.readString(output);
        Files.delete(output);
        Files.delete(file);
        Files.delete(dir);
        System.out.printf("%s: %d blocks in %d ms%n%s%n", page, blocks.size(),
                (System.nanoTime() - begun) / 1_000_000, printed);
        if (!ended) {
            fail(page + " did not finish within " + PAGE_LIMIT_SECONDS + " s. It printed:\n" + printed);
        }
        if (process.exitValue() != 0) {
            fail(failure(blocks, blockStarts, printed, process.exitValue()));
        }
    }

    /** Which block and command failed, with what the block printed. */
    private static String failure(List<Walkthroughs.Block> blocks, List<Integer> blockStarts, String printed,
                                  int exit) {
        // a session stops at its first failure, whose outermost report comes last: a failure inside a function or a
        // $(...) is reported there first (the curl wrapper's own line is the prelude's, left out)
        int scriptLine = -1;
        List<String> commands = new ArrayList<>();
        Matcher failed = FAILED.matcher(printed);
        while (failed.find()) {
            int line = Integer.parseInt(failed.group(1) != null ? failed.group(1) : failed.group(4));
            if (line >= blockStarts.getFirst()) {
                scriptLine = line;
                commands.add(failed.group(1) != null ? failed.group(3) + " (exit " + failed.group(2) + ")"
                        : "bash: " + failed.group(5));
            }
        }
        if (commands.isEmpty()) {
            return blocks.getFirst().page() + ": the session ended with exit " + exit + ". It printed:\n" + printed;
        }
        int b = 0;
        while (b + 1 < blocks.size() && blockStarts.get(b + 1) <= scriptLine) {
            b++;
        }
        Walkthroughs.Block block = blocks.get(b);
        int docLine = block.line() + 1 + scriptLine - blockStarts.get(b);
        int from = printed.indexOf(BLOCK_MARK + b + "\n");
        String blockOutput = printed.substring(from < 0 ? 0 : from + (BLOCK_MARK + b + "\n").length())
                .replaceAll("(?m)^@@failed .*\\n?", "");
        return "%s, the block at line %d: the command at line %d failed:%n  %s%nwhat the block printed:%n%s"
                .formatted(block.page(), block.line(), docLine, String.join("\n  ", commands), blockOutput);
    }

    /** The docs speak of the API on localhost:8080 and the worker's management port on localhost:8081. */
    private static String pointedAtTheStack(String text) {
        return text.replace("localhost:8080", "localhost:" + port(stack.apiBaseUrl()))
                .replace("localhost:8081", "localhost:" + port(stack.workerManagementUrl()));
    }

    private static String port(String baseUrl) {
        return baseUrl.substring(baseUrl.lastIndexOf(':') + 1);
    }

    private static boolean onPath(String tool) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, tool)));
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
