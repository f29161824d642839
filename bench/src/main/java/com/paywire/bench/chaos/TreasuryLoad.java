package com.paywire.bench.chaos;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * The load on the client's money beside the payments: the platform bank's statements funding the working account
 * (posted by the operator, each file twice at the same moment, some overlapping the one before, one in four entries
 * naming no valid funding reference), settlements of the utility account to the client's bank account, and
 * transfers of collections to payouts. The run's record of every bank entry it sent ({@link #entries}) is the
 * outside truth for the funding, as the confirmations are for the paybill deposits.
 */
final class TreasuryLoad {

    static final String STATEMENTS = "/v1/operations/bank-statements";
    static final String SETTLEMENTS = "/v1/customer-accounts/settlements";
    static final String TRANSFER = "/v1/customer-accounts/transfer";
    static final String INSTRUCTIONS = "/v1/customer-accounts/settlement-instructions";
    /** Paywire's bank account the statements are of (the sandbox's, docs/funding.md). */
    private static final String BANK_ACCOUNT = "0100200300400";
    /** The settlement account: the registry knows it (ACME TRADING LIMITED) and the bank pays it after 2 s. */
    static final String SETTLEMENT_ACCOUNT = "1234567890";
    private static final long ROUND_MILLIS = 6000;

    /** A bank entry the run put on a statement: {@code suspense} when its remittance names no valid reference. */
    record BankEntry(String reference, BigDecimal amount, boolean suspense, String remittance) {
    }

    /** One post of a statement file and the outcome it answered for each entry (none when it got no 200). */
    record StatementPost(String statementId, String format, int status, Map<String, String> outcomes) {
    }

    /** A settlement the API made (its id), or the refusal it answered. */
    record SettlementAsked(String originatorConversationId, BigDecimal amount, String settlementId, String refusal) {
    }

    /** What an operator did with a paybill deposit held in suspense: {@code assigned}, or returned to its payer. */
    record SuspenseAction(String receipt, boolean assigned, int status, String answer) {
    }

    /** A transfer of collections to payouts the API made (its id), or the refusal it answered. */
    record TransferAsked(String originatorConversationId, BigDecimal amount, String transferId, String refusal) {
    }

    private final ChaosClient client;
    private final ChaosClient operator;
    private final Random random;
    final Map<String, BankEntry> entries = new ConcurrentHashMap<>();
    final List<StatementPost> posts = new CopyOnWriteArrayList<>();
    final List<SettlementAsked> settlements = new CopyOnWriteArrayList<>();
    final List<TransferAsked> transfers = new CopyOnWriteArrayList<>();
    final List<String> problems = new CopyOnWriteArrayList<>();
    /** The operator's assignment or return of each paybill deposit the load sent to suspense, by receipt. */
    final Map<String, SuspenseAction> suspenseActions = new ConcurrentHashMap<>();
    /** The paybill deposits the load confirmed (those naming no client are held in suspense, then acted on). */
    final List<ChaosLoad.Confirmation> confirmations;
    final AtomicInteger statements = new AtomicInteger();
    final AtomicInteger mt940 = new AtomicInteger();
    final AtomicInteger overlapping = new AtomicInteger();
    volatile String fundingReference;
    volatile boolean instructionsSet;
    /** Whether the API returns and assigns paybill deposits in suspense (its suspense list answers). */
    volatile boolean suspenseReturns = true;
    private volatile boolean stopped;
    private Thread thread;

    TreasuryLoad(String api, long seed, List<ChaosLoad.Confirmation> confirmations) {
        this.confirmations = confirmations;
        this.client = new ChaosClient(api);
        this.operator = new ChaosClient(api, "paywire-operator", "operator-secret");
        this.random = new Random(seed ^ 0x7EA5L);
    }

    /** Reads the client's funding reference, sets its settlement instructions, then runs until {@link #stop}. */
    void start() throws InterruptedException {
        ChaosClient.Answer reference = operator.get("/v1/operations/funding-references/" + Audit.CLIENT);
        fundingReference = reference.ok() ? reference.text("fundingReference") : null;
        if (fundingReference == null) {
            problems.add("no funding reference: " + reference.status() + " " + reference.raw());
        }
        ChaosClient.Answer instructions = client.put(INSTRUCTIONS, """
                {"bankCode":"01","accountNumber":"%s","accountName":"Acme Trading","schedule":"MANUAL",
                 "minimumAmount":100}""".formatted(SETTLEMENT_ACCOUNT));
        instructionsSet = instructions.ok();
        if (!instructionsSet) {
            problems.add("settlement instructions refused: " + instructions.status() + " " + instructions.raw());
        }
        thread = Thread.ofPlatform().name("treasury-load").start(() -> {
            try {
                run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                problems.add("treasury load: " + e);
            }
        });
    }

    /**
     * Stops after the round under way, and waits for it (its posts may wait for a restarted API); then acts on every
     * paybill deposit of the load still held in suspense, once its workflow has put it there (a minute at most).
     */
    void stop() throws InterruptedException {
        stopped = true;
        if (thread != null) {
            thread.join();
        }
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (suspenseReturns && unacted() > 0 && System.nanoTime() < deadline) {
            try {
                suspense();
            } catch (RuntimeException e) {
                problems.add("suspense: " + e);
                return;
            }
            if (unacted() > 0) {
                Thread.sleep(2000);
            }
        }
        if (suspenseReturns && unacted() > 0) {
            problems.add(unacted() + " paybill deposits in suspense were never listed as HELD to act on");
        }
    }

    private long unacted() {
        return confirmations.stream().filter(c -> c.suspense() && !suspenseActions.containsKey(c.receipt())).count();
    }

    /**
     * The operator's work on the paybill deposits in suspense: each deposit of the load listed HELD is returned to
     * its payer (two in three) or assigned to the sandbox client, once; an answer lost to a restarting API is asked
     * again, and a 409 then says the first try was taken.
     */
    private void suspense() throws InterruptedException {
        if (!suspenseReturns) {
            return;
        }
        ChaosClient.Answer listed = operator.get("/v1/operations/paybill-suspense?Limit=500");
        if (listed.status() == 404) { // a Paywire without the operators' suspense returns
            suspenseReturns = false;
            return;
        }
        if (!listed.ok() || listed.body() == null) {
            return;
        }
        for (JsonNode deposit : listed.body().path("deposits")) {
            String receipt = deposit.path("receiptNumber").asString();
            if (!"HELD".equals(deposit.path("status").asString()) || suspenseActions.containsKey(receipt)
                    || confirmations.stream().noneMatch(c -> c.suspense() && c.receipt().equals(receipt))) {
                continue;
            }
            boolean assign = suspenseActions.size() % 3 == 2;
            String path = "/v1/operations/paybill-suspense/" + receipt + (assign ? "/assign" : "/return");
            String body = assign ? """
                    {"clientId":"%s","reason":"chaos: the payer meant the sandbox client"}""".formatted(Audit.CLIENT)
                    : """
                    {"reason":"chaos: no client has that AccountNo"}""";
            ChaosClient.Submission acted = operator.submit(path, body, () -> true);
            int status = acted.answer() == null ? 0 : acted.answer().status();
            if (acted.accepted() || status == 409) {
                suspenseActions.put(receipt, new SuspenseAction(receipt, assign, status,
                        acted.answer() == null ? null : acted.answer().raw()));
            } else {
                problems.add("suspense " + (assign ? "assignment" : "return") + " of " + receipt + ": " + status + " "
                        + (acted.answer() == null ? "" : acted.answer().raw()));
            }
        }
    }

    private void run() throws InterruptedException {
        List<BankEntry> previous = List.of();
        for (int round = 0; !stopped; round++) {
            if (fundingReference != null) {
                previous = statement(round, previous);
            }
            suspense();
            if (instructionsSet && round % 2 == 0) {
                settle(round);
            } else if (round % 2 == 1) {
                transfer(round);
            }
            Thread.sleep(ROUND_MILLIS);
        }
    }

    /**
     * One statement of two or three new entries, and (every other round) one entry of the statement before: an
     * overlapping file. Every third is MT940, the others camt.053. The file is posted twice at the same moment.
     */
    private List<BankEntry> statement(int round, List<BankEntry> previous) throws InterruptedException {
        List<BankEntry> onIt = new ArrayList<>();
        if (round % 2 == 1 && !previous.isEmpty()) {
            onIt.add(previous.get(random.nextInt(previous.size())));
            overlapping.incrementAndGet();
        }
        int fresh = 2 + random.nextInt(2);
        for (int e = 0; e < fresh; e++) {
            String reference = "CH" + UUID.randomUUID().toString().replace("-", "").substring(0, 10).toUpperCase();
            BigDecimal amount = BigDecimal.valueOf(1000 + random.nextInt(4000)).setScale(2);
            int kind = random.nextInt(8);
            boolean suspense = kind < 2;
            String remittance = kind == 0 ? "Top-up " + typo(fundingReference)
                    : kind == 1 ? "invoice " + (1000 + random.nextInt(9000)) : "Top-up " + fundingReference;
            BankEntry entry = new BankEntry(reference, amount, suspense, remittance);
            entries.put(reference, entry);
            onIt.add(entry);
        }
        boolean swift = round % 3 == 2;
        String id = "CHAOS" + String.format("%04d", round) + UUID.randomUUID().toString().substring(0, 6).toUpperCase();
        String document = swift ? mt940(id, onIt) : camt053(id, onIt);
        statements.incrementAndGet();
        if (swift) {
            mt940.incrementAndGet();
        }
        String contentType = swift ? "text/plain" : "application/xml";
        Thread[] twice = new Thread[2];
        for (int t = 0; t < twice.length; t++) {
            twice[t] = Thread.ofPlatform().name("statement-" + id + "-" + t).start(() -> post(id, swift, document,
                    contentType));
        }
        for (Thread post : twice) {
            post.join();
        }
        return onIt;
    }

    private void post(String id, boolean swift, String document, String contentType) {
        try {
            ChaosClient.Answer answer = operator.postDocument(STATEMENTS, document, contentType);
            Map<String, String> outcomes = new ConcurrentHashMap<>();
            if (answer != null && answer.ok() && answer.body() != null) {
                for (JsonNode entry : answer.body().path("entries")) {
                    outcomes.put(entry.path("entryReference").asString(), entry.path("outcome").asString());
                }
            }
            posts.add(new StatementPost(id, swift ? "MT940" : "camt.053", answer == null ? 0 : answer.status(),
                    outcomes));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void settle(int round) throws InterruptedException {
        String ocid = "chaos-settle-" + round + "-" + UUID.randomUUID().toString().substring(0, 8);
        BigDecimal amount = BigDecimal.valueOf(200 + random.nextInt(400)).setScale(2);
        ChaosClient.Submission made = client.submit(SETTLEMENTS, """
                {"originatorConversationId":"%s","amount":"%s"}""".formatted(ocid, amount.toPlainString()),
                () -> client.get(SETTLEMENTS).raw().contains(ocid));
        String id = made.accepted() && made.answer() != null ? made.answer().text("settlementId") : null;
        if (made.accepted() && id == null) { // taken on an earlier try: its id from the list
            id = settlementId(ocid);
        }
        settlements.add(new SettlementAsked(ocid, amount, id, id != null ? null
                : made.answer() == null ? "no answer" : made.answer().status() + " " + made.answer().raw()));
    }

    private String settlementId(String ocid) throws InterruptedException {
        for (JsonNode settlement : client.get(SETTLEMENTS).body().path("settlements")) {
            if (ocid.equals(settlement.path("originatorConversationId").asString())) {
                return settlement.path("settlementId").asString();
            }
        }
        return null;
    }

    private void transfer(int round) throws InterruptedException {
        String ocid = "chaos-transfer-" + round + "-" + UUID.randomUUID().toString().substring(0, 8);
        BigDecimal amount = BigDecimal.valueOf(50 + random.nextInt(200)).setScale(2);
        String body = """
                {"originatorConversationId":"%s","amount":"%s","fromAccountType":2,"toAccountType":1}"""
                .formatted(ocid, amount.toPlainString());
        ChaosClient.Submission made = client.submit(TRANSFER, body, () -> false);
        // the same id again answers the first transfer: asked again after a refusal that followed a retry
        if (!made.accepted() && made.retries() > 0) {
            made = client.submit(TRANSFER, body, () -> false);
        }
        transfers.add(new TransferAsked(ocid, amount, made.accepted() ? made.answer().text("systemConversationId") : null,
                made.accepted() ? null : made.answer() == null ? "no answer" : made.answer().status() + " "
                        + made.answer().raw()));
    }

    /** The reference with its last digit changed: its check digit fails, so it names no client. */
    static String typo(String reference) {
        int last = reference.charAt(reference.length() - 1) - '0';
        return reference.substring(0, reference.length() - 1) + (last + 1) % 10;
    }

    static String camt053(String id, List<BankEntry> entries) {
        String now = java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
        String today = LocalDate.now(ZoneOffset.UTC).toString();
        StringBuilder xml = new StringBuilder("""
                <?xml version="1.0" encoding="UTF-8"?>
                <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
                  <BkToCstmrStmt>
                    <GrpHdr><MsgId>%1$s</MsgId><CreDtTm>%2$s</CreDtTm></GrpHdr>
                    <Stmt>
                      <Id>%1$s</Id>
                      <CreDtTm>%2$s</CreDtTm>
                      <Acct><Id><Othr><Id>%3$s</Id></Othr></Id></Acct>
                """.formatted(id, now, BANK_ACCOUNT));
        for (BankEntry entry : entries) {
            xml.append("""
                          <Ntry>
                            <Amt Ccy="KES">%s</Amt>
                            <CdtDbtInd>CRDT</CdtDbtInd>
                            <Sts>BOOK</Sts>
                            <BookgDt><Dt>%s</Dt></BookgDt>
                            <AcctSvcrRef>%s</AcctSvcrRef>
                            <BkTxCd><Prtry><Cd>TRF</Cd></Prtry></BkTxCd>
                            <NtryDtls><TxDtls><RmtInf><Ustrd>%s</Ustrd></RmtInf></TxDtls></NtryDtls>
                          </Ntry>
                    """.formatted(entry.amount().toPlainString(), today, entry.reference(), entry.remittance()));
        }
        return xml.append("""
                    </Stmt>
                  </BkToCstmrStmt>
                </Document>
                """).toString();
    }

    static String mt940(String id, List<BankEntry> entries) {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        String date = today.format(DateTimeFormatter.ofPattern("yyMMdd"));
        BigDecimal total = BigDecimal.ZERO;
        StringBuilder text = new StringBuilder(":20:" + id.substring(0, Math.min(16, id.length())) + "\r\n:25:"
                + BANK_ACCOUNT + "\r\n:28C:1/1\r\n:60F:C" + date + "KES0,00\r\n");
        for (BankEntry entry : entries) {
            text.append(":61:").append(date).append(today.format(DateTimeFormatter.ofPattern("MMdd"))).append('C')
                    .append(swiftAmount(entry.amount())).append("NTRFNONREF//").append(entry.reference()).append("\r\n")
                    .append(":86:").append(entry.remittance()).append("\r\n");
            total = total.add(entry.amount());
        }
        return text.append(":62F:C").append(date).append("KES").append(swiftAmount(total)).append("\r\n").toString();
    }

    private static String swiftAmount(BigDecimal amount) {
        return amount.setScale(2).toPlainString().replace('.', ',');
    }
}
