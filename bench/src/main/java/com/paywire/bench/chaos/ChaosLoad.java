package com.paywire.bench.chaos;

import com.paywire.vocabulary.checkout.CheckoutStatus;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * The mixed load: clients that each, in turn, submit one of the request {@link Kind}s, with the sandbox's plain
 * success values (wallets and phones drawn clear of every magic value: +25473-89… for payouts and deposits, 25471-2…
 * and 25473… for airtime), so that
 * every outcome other than success is the faults' doing; then wait a little.
 */
final class ChaosLoad {

    enum Kind {
        PAYMENT_ORDER("payment order of three lines: mobile, bank, paybill"),
        EXPRESS_DEPOSIT("express deposit (phone prompt)"),
        CARD_PAYMENT("card authorise, capture part, refund part"),
        BILL_PAYMENT("bill payment (KPLC prepaid)"),
        AIRTIME_PURCHASE("airtime purchase for two networks"),
        CHECKOUT("hosted checkout paid on its page by M-PESA, or by card and then half refunded"),
        PAYBILL_DEPOSIT("paybill deposit (C2B) the rail confirms, some twice or unvalidated");

        final String description;

        Kind(String description) {
            this.description = description;
        }
    }

    /**
     * A request the API accepted; {@code id} is its OriginatorConversationId (AuthorisationId for cards); a
     * checkout paid by card lists its capture and refund.
     */
    record Accepted(Kind kind, String id, List<String> captures, List<String> refunds) {
    }

    /**
     * A paybill deposit the rail confirmed and Paywire took (answered ResultCode 0): {@code suspense} when its
     * AccountNo names no client (it must be held in suspense, not credited); {@code confirmations} how often the
     * rail sent it; {@code retried} whether the first confirmation went unanswered (the API down).
     */
    record Confirmation(String receipt, BigDecimal amount, boolean validated, boolean suspense, int confirmations,
                        boolean retried) {
    }

    static final String PAYBILL_SHORT_CODE = "174379";
    /** Where the sandbox client's paybill deposits are called back (its paybill settings, set by the run). */
    static final String PAYBILL_CALLBACK = "/callbacks/paybill";
    /**
     * The sandbox client's AccountNo prefix, and a start no client's begins: the prefixes issued with a short code
     * are three letters, and the sandbox client's is PW.
     */
    private static final String PAYBILL_PREFIX = "PW";
    private static final String UNKNOWN_PREFIX = "XX-";
    static final String MOBILE_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";
    static final String BANK_ROUTE = "d77ad3c8-ac13-48f4-9993-9d8c676d4329";
    static final String PAYBILL_ROUTE = "5c358904-6093-4400-8086-07adbe0b6774";
    static final String CARDS = "/apps/graph/api/v1/cards";
    static final String CHECKOUT_ROUTE = "9701cd4f-98b8-423c-829e-28c6dc337e18";
    /** How long a payer's page waits for a card attempt's outcome before leaving the order as it is. */
    private static final Duration CARD_ATTEMPT_WAIT = Duration.ofSeconds(60);
    private static final String SHOP = "https://shop.example";
    private static final ZoneId NAIROBI = ZoneId.of("Africa/Nairobi");
    private static final DateTimeFormatter PAYBILL_TIME =
            DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

    private final String api;
    private final NotificationReceiver receiver;
    private final Random random;
    final List<Accepted> accepted = new CopyOnWriteArrayList<>();
    final List<String> refused = new CopyOnWriteArrayList<>();
    final List<Confirmation> confirmations = new CopyOnWriteArrayList<>();
    final Map<Kind, AtomicInteger> submitted = new EnumMap<>(Kind.class);
    final List<ChaosClient> clients = new ArrayList<>();
    /**
     * The captures asked for below the smallest fee band ({@code Fault.CAPTURE_BELOW_SMALLEST_BAND}), by their
     * AuthorisationId, each with the answer's status: Paywire must refuse each without asking the processor.
     */
    final Map<String, Integer> capturesBelowSmallestBand = new ConcurrentHashMap<>();
    /** Whether a fault is on now, as the schedule says. */
    private final Predicate<Fault> faultOn;

    ChaosLoad(String api, NotificationReceiver receiver, long seed, Predicate<Fault> faultOn) {
        this.api = api;
        this.receiver = receiver;
        this.random = new Random(seed);
        this.faultOn = faultOn;
        for (Kind kind : Kind.values()) {
            submitted.put(kind, new AtomicInteger());
        }
    }

    /** How many requests the load made for one of its own faults. */
    int affectedBy(Fault fault) {
        return fault == Fault.CAPTURE_BELOW_SMALLEST_BAND ? capturesBelowSmallestBand.size() : 0;
    }

    /**
     * {@code clientCount} clients submit for {@code length}, and on while {@code goOn} says so for at most
     * {@code overrun} more, each pausing {@code pause} between requests.
     */
    void run(int clientCount, Duration length, BooleanSupplier goOn, Duration overrun, Duration pause)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clientCount);
        long lengthEnds = System.nanoTime() + length.toNanos();
        long latest = lengthEnds + overrun.toNanos();
        List<Future<?>> running = new ArrayList<>();
        for (int c = 0; c < clientCount; c++) {
            ChaosClient client = new ChaosClient(api);
            clients.add(client);
            long seed;
            synchronized (random) {
                seed = random.nextLong();
            }
            Random own = new Random(seed);
            running.add(pool.submit(() -> {
                while (System.nanoTime() < lengthEnds || goOn.getAsBoolean() && System.nanoTime() < latest) {
                    Kind kind = Kind.values()[own.nextInt(Kind.values().length)];
                    submitted.get(kind).incrementAndGet();
                    try {
                        submit(client, kind, own);
                    } catch (RuntimeException e) {
                        refused.add(kind + ": " + e.getMessage());
                    }
                    Thread.sleep(pause.toMillis());
                }
                return null;
            }));
        }
        for (Future<?> client : running) {
            client.get();
        }
        pool.shutdown();
    }

    private void submit(ChaosClient client, Kind kind, Random random) throws InterruptedException {
        String ocid = "chaos-" + UUID.randomUUID();
        switch (kind) {
            case PAYMENT_ORDER -> expect(kind, ocid, client.submit("/v1/payment-order/new-order", paymentOrder(ocid, random),
                    () -> client.get("/v1/payment-order/check-status?IdType=OriginatorConversationId&Id=" + ocid).ok()));
            case EXPRESS_DEPOSIT -> expect(kind, ocid, client.submit("/v1/express-deposit",
                    expressDeposit(ocid, "2547%08d".formatted(30_000_000 + random.nextInt(60_000_000)), random),
                    () -> client.get("/v1/express-deposit/check-status?OriginatorConversationId=" + ocid).ok()));
            case BILL_PAYMENT -> expect(kind, ocid, client.submit("/v1/bill-payments", """
                    {"transactionType":2,"serviceCode":"KE-KPLC-PREPAID","accountNumber":"37000000001",
                     "msisdn":"254712345678","originatorConversationId":"%s","amount":%d,"currencyCode":"KES",
                     "countryCode":"KE","callbackURL":"%s"}""".formatted(ocid, 200 + random.nextInt(800),
                    receiver.url("/callbacks/bill")),
                    () -> client.get("/v1/bill-payments?OriginatorConversationId=" + ocid).ok()));
            case AIRTIME_PURCHASE -> expect(kind, ocid, client.submit("/v1/airtime-purchase", """
                    {"originatorConversationId":"%s","callbackURL":"%s","recipients":[
                     {"currencyCode":"KES","phoneNumber":"2547%08d","amount":%d,"name":"Safaricom"},
                     {"currencyCode":"KES","phoneNumber":"25473%07d","amount":%d,"name":"Airtel"}]}""".formatted(ocid,
                    receiver.url("/callbacks/airtime"), 10_000_000 + random.nextInt(20_000_000), 10 + random.nextInt(490),
                    random.nextInt(9_999_999), 10 + random.nextInt(490)),
                    () -> client.get("/v1/airtime-purchase/check-status?OriginatorConversationId=" + ocid).ok()));
            case CARD_PAYMENT -> cardPayment(client, ocid, random);
            case CHECKOUT -> checkout(client, UUID.randomUUID().toString(), random); // at most 36 characters
            case PAYBILL_DEPOSIT -> paybillDeposit(client, random);
        }
    }

    /** An express deposit paid from {@code phone} (a magic wallet of the reversals' simulator), in the run's record. */
    void expressDepositFrom(ChaosClient client, String phone, Random random) throws InterruptedException {
        String ocid = "chaos-" + UUID.randomUUID();
        submitted.get(Kind.EXPRESS_DEPOSIT).incrementAndGet();
        expect(Kind.EXPRESS_DEPOSIT, ocid, client.submit("/v1/express-deposit", expressDeposit(ocid, phone, random),
                () -> client.get("/v1/express-deposit/check-status?OriginatorConversationId=" + ocid).ok()));
    }

    /** A payment order whose mobile line goes to {@code wallet} (a magic wallet of the reversals' simulator). */
    void paymentOrderTo(ChaosClient client, String wallet, Random random) throws InterruptedException {
        String ocid = "chaos-" + UUID.randomUUID();
        submitted.get(Kind.PAYMENT_ORDER).incrementAndGet();
        expect(Kind.PAYMENT_ORDER, ocid, client.submit("/v1/payment-order/new-order", paymentOrder(ocid, random, wallet),
                () -> client.get("/v1/payment-order/check-status?IdType=OriginatorConversationId&Id=" + ocid).ok()));
    }

    private void expect(Kind kind, String ocid, ChaosClient.Submission submission) {
        if (submission.accepted()) {
            accepted.add(new Accepted(kind, ocid, List.of(), List.of()));
        } else {
            refused.add(kind + " " + ocid + ": " + (submission.answer() == null ? "no answer"
                    : submission.answer().status() + " " + submission.answer().raw()));
        }
    }

    /** Authorise, capture part, refund part of the capture; each step retried with its own RequestId. */
    private void cardPayment(ChaosClient client, String ocid, Random random) throws InterruptedException {
        ChaosClient.Submission context = client.submit(CARDS + "/capture-context",
                "{\"TargetOrigins\":[\"" + SHOP + "\"]}", () -> false);
        if (!context.accepted()) {
            expect(Kind.CARD_PAYMENT, ocid, context);
            return;
        }
        ChaosClient.Answer token = client.postAsBrowser(CARDS + "/transient-tokens", SHOP, """
                {"CaptureContext":"%s","Number":"4111111111111111","ExpiryMonth":"12","ExpiryYear":"2031",
                 "SecurityCode":"123"}""".formatted(context.answer().text("CaptureContext")));
        if (!token.ok()) {
            refused.add("CARD_PAYMENT " + ocid + ": transient token " + token.status() + " " + token.raw());
            return;
        }
        int amount = 100 + random.nextInt(900);
        ChaosClient.Submission authorised = client.submit(CARDS + "/payment/authorise", """
                {"Transaction":{"Amount":"%d.00","Currency":"USD","TransientToken":"%s","RequestId":"%s"},
                 "BillingAddress":{"FirstName":"Jane","LastName":"Doe","Country":"US"}}""".formatted(amount,
                token.text("TransientToken"), ocid), () -> false);
        if (!authorised.accepted()) {
            expect(Kind.CARD_PAYMENT, ocid, authorised);
            return;
        }
        String authorisation = authorised.answer().text("AuthorisationId");
        if (faultOn.test(Fault.CAPTURE_BELOW_SMALLEST_BAND)) {
            // no fee band covers it: refused before the processor is asked, and the payment goes on as any other
            ChaosClient.Submission belowBand = client.submit(CARDS + "/payment/capture", """
                    {"AuthorisationId":"%s","Amount":"%s","RequestId":"%s-below-band"}""".formatted(authorisation,
                    Fault.CAPTURE_BELOW_SMALLEST_BAND_AMOUNT, ocid), () -> false);
            capturesBelowSmallestBand.put(authorisation, belowBand.answer() == null ? 0 : belowBand.answer().status());
        }
        ChaosClient.Submission captured = client.submit(CARDS + "/payment/capture", """
                {"AuthorisationId":"%s","Amount":"%d.00","RequestId":"%s-capture"}""".formatted(authorisation,
                amount / 2, ocid), () -> false);
        if (!captured.accepted()) {
            expect(Kind.CARD_PAYMENT, ocid, captured);
            return;
        }
        String capture = captured.answer().text("CaptureId");
        ChaosClient.Submission refunded = client.submit(CARDS + "/payment/refund", """
                {"CaptureId":"%s","Amount":"%d.00","RequestId":"%s-refund"}""".formatted(capture, amount / 4, ocid),
                () -> false);
        if (!refunded.accepted()) {
            expect(Kind.CARD_PAYMENT, ocid, refunded);
            return;
        }
        accepted.add(new Accepted(Kind.CARD_PAYMENT, authorisation, List.of(capture),
                List.of(refunded.answer().text("RefundId"))));
    }

    /**
     * A checkout order, paid on its page as the payer's browser does: by M-PESA (the outcome comes later), or by a
     * card that pays without a challenge, whose capture is then half refunded once the order says it is paid.
     */
    private void checkout(ChaosClient client, String ocid, Random random) throws InterruptedException {
        int price = 100 + random.nextInt(900);
        ChaosClient.Submission order = client.submit("/v1/checkout-order/new-order", """
                {"originatorConversationId":"%s","checkoutReference":"chaos","checkoutRouteId":"%s",
                 "checkoutRouteChannelType":158,"checkoutCurrencyCode":404,"checkoutCurrencyName":"KES",
                 "checkoutDueDate":"%s","checkoutReturnUrl":"%s","checkoutCancelUrl":"%s","checkoutCallbackUrl":"%s",
                 "checkoutAccountNo":"ACC-1","checkoutRequestLines":[{"sku":"MUG-1","name":"Mug","price":%d}]}"""
                .formatted(ocid, CHECKOUT_ROUTE, java.time.Instant.now().plus(Duration.ofHours(2)),
                        receiver.url("/shop/return"), receiver.url("/shop/cancel"), receiver.url("/callbacks/checkout"),
                        price), () -> client.get(checkoutStatus(ocid)).ok());
        if (!order.accepted()) {
            expect(Kind.CHECKOUT, ocid, order);
            return;
        }
        String checkoutId = client.get(checkoutStatus(ocid)).text("checkoutId");
        boolean byCard = random.nextBoolean();
        String form = "method=" + (byCard ? "card" : "mobile") + "&billToFirstName=Jane&billToLastName=Doe"
                + "&billToEmail=jane%40example.com&billToCountry=KE" + (byCard
                ? "&cardNumber=4111111111111111&expiryMonth=12&expiryYear=2031&securityCode=123"
                : "&mpesaNumber=07" + (30_000_000 + random.nextInt(60_000_000)));
        client.postForm("/checkout/" + checkoutId + "/pay", form);
        if (!byCard) {
            accepted.add(new Accepted(Kind.CHECKOUT, ocid, List.of(), List.of()));
            return;
        }
        String capture = null;
        long deadline = System.nanoTime() + CARD_ATTEMPT_WAIT.toNanos();
        while (capture == null && System.nanoTime() < deadline) {
            ChaosClient.Answer status = client.get(checkoutStatus(ocid));
            boolean paid = String.valueOf(CheckoutStatus.COMPLETED.code()).equals(status.text("status"));
            capture = paid ? status.text("reference") : null;
            Thread.sleep(1000);
        }
        if (capture == null) {
            accepted.add(new Accepted(Kind.CHECKOUT, ocid, List.of(), List.of()));
            return;
        }
        ChaosClient.Submission refunded = client.submit(CARDS + "/payment/refund", """
                {"CaptureId":"%s","Amount":"%d.00","RequestId":"%s-refund"}""".formatted(capture, price / 2, ocid),
                () -> false);
        accepted.add(new Accepted(Kind.CHECKOUT, ocid, List.of(capture),
                refunded.accepted() ? List.of(refunded.answer().text("RefundId")) : List.of()));
        if (!refunded.accepted()) {
            expect(Kind.CHECKOUT, ocid + " refund", refunded);
        }
    }

    /**
     * A payer pays the sandbox client's paybill and the chaos run plays the rail: one in ten names an AccountNo
     * that starts with no client's prefix and is confirmed unvalidated (the rail's validation off), which Paywire must hold
     * in suspense; three in four of the others are validated first; one in five is confirmed twice (the rail
     * repeating itself). A
     * confirmation the API does not answer (it may be restarting) is sent again until it is answered
     * ({@link ChaosClient#confirmAsRail}).
     */
    private void paybillDeposit(ChaosClient client, Random random) throws InterruptedException {
        boolean suspense = random.nextInt(10) == 0;
        boolean validated = !suspense && random.nextInt(4) != 0;
        paybillDeposit(client, random, validated, suspense, random.nextInt(5) == 0);
    }

    /**
     * A payer pays while the API is down ({@code API_KILLED}): the rail's validation goes unanswered, and its
     * confirmation is sent until the restarted API answers, then once more. Called by the fault, beside the load.
     */
    void paybillDepositWhileApiDown() throws InterruptedException {
        submitted.get(Kind.PAYBILL_DEPOSIT).incrementAndGet();
        Random own;
        synchronized (random) {
            own = new Random(random.nextLong());
        }
        paybillDeposit(new ChaosClient(api), own, true, false, true);
    }

    private void paybillDeposit(ChaosClient client, Random random, boolean validated, boolean suspense, boolean twice)
            throws InterruptedException {
        String receipt = "CH" + UUID.randomUUID().toString().replace("-", "").substring(0, 8).toUpperCase();
        BigDecimal amount = BigDecimal.valueOf(100 + random.nextInt(900)).setScale(2);
        String body = """
                {"TransactionType":"Pay Bill","TransID":"%s","TransTime":"%s","TransAmount":"%s",
                 "BusinessShortCode":"%s","BillRefNumber":"%sCHAOS-%d","MSISDN":"2547%08d","FirstName":"Jane"}"""
                .formatted(receipt, PAYBILL_TIME.format(ZonedDateTime.now(NAIROBI)), amount.toPlainString(),
                        PAYBILL_SHORT_CODE, suspense ? UNKNOWN_PREFIX : PAYBILL_PREFIX, random.nextInt(1000),
                        30_000_000 + random.nextInt(60_000_000));
        if (validated) {
            ChaosClient.Answer validation = client.postAsRail("/rails/mobile-money/c2b/validation", body);
            // an unanswered validation is the rail's to decide; it completes the payment, as the sandbox rail does
            if (validation != null && validation.ok() && !"0".equals(validation.text("ResultCode"))) {
                refused.add("PAYBILL_DEPOSIT " + receipt + ": validation " + validation.raw());
                return;
            }
        }
        int sent = 0;
        boolean retried = false;
        for (int time = 0; time < (twice ? 2 : 1); time++) {
            ChaosClient.Submission confirmation = client.confirmAsRail("/rails/mobile-money/c2b/confirmation", body);
            if (!confirmation.accepted()) {
                break; // the rail gave up: the confirmations that were answered stand
            }
            sent++;
            retried |= time == 0 && confirmation.retries() > 0;
        }
        if (sent == 0) {
            refused.add("PAYBILL_DEPOSIT " + receipt + ": confirmation unanswered for " + ChaosClient.PERSISTENCE);
            return;
        }
        confirmations.add(new Confirmation(receipt, amount, validated, suspense, sent, retried));
        accepted.add(new Accepted(Kind.PAYBILL_DEPOSIT, receipt, List.of(), List.of()));
    }

    private static String checkoutStatus(String ocid) {
        return "/v1/checkout-order/check-status?IdType=1&Id=" + ocid;
    }

    private String expressDeposit(String ocid, String phone, Random random) {
        return """
                {"ShortCode":"174379","Amount":"%d.00","PhoneNumber":"%s","AccountNo":"PWCHAOS-1",
                 "TransactionDesc":"chaos","OriginatorConversationId":"%s","CallBackUrl":"%s","Currency":"KES",
                 "FirstName":"Jane","LastName":"Doe"}""".formatted(100 + random.nextInt(900), phone, ocid,
                receiver.url("/callbacks/deposit"));
    }

    private static String paymentOrder(String ocid, Random random) {
        return paymentOrder(ocid, random, "+2547%08d".formatted(30_000_000 + random.nextInt(60_000_000)));
    }

    private static String paymentOrder(String ocid, Random random, String wallet) {
        return """
                {"originatorConversationId":"%s","paymentOrderLines":[
                 {"recipient":{"name":"Jane Doe","mccmnc":"63902","primaryAccountNumber":"%s","ccy":404,"country":"KE"},
                  "transaction":{"routeId":"%s","ChannelType":1,"amount":%d,"reference":"chaos","systemTraceAuditNumber":"%s"}},
                 {"remitter":{"name":"Acme Ltd","address":"Nairobi","phoneNumber":"+254700000000","idType":"PASSPORT",
                   "idNumber":"A1","idExpiryDate":"2030-01-01","country":"KE","ccy":404,"financialInstitution":"Acme Bank",
                   "sourceOfFunds":"Business","dateOfBirth":"1980-01-01","nationality":"KE","occupation":"Trader"},
                  "recipient":{"name":"Jane Doe","phoneNumber":"+254722000000","mccmnc":"63902","financialInstitution":"Equity",
                   "institutionIdentifier":"68","primaryAccountNumber":"1%09d","ccy":404,"country":"KE","purpose":"Invoice"},
                  "transaction":{"routeId":"%s","ChannelType":21,"amount":%d,"reference":"chaos","systemTraceAuditNumber":"%s"}},
                 {"recipient":{"name":"Kenya Power","institutionIdentifier":"888880","primaryAccountNumber":"54405080323",
                   "mccmnc":"63902","ccy":404,"country":"KE","purpose":"Bill"},
                  "transaction":{"routeId":"%s","channelType":14,"amount":%d,"reference":"chaos",
                   "systemTraceAuditNumber":"%s","accountNo":"54405080323"}}]}""".formatted(ocid,
                wallet, MOBILE_ROUTE, 100 + random.nextInt(900), UUID.randomUUID(),
                random.nextInt(999_999_999), BANK_ROUTE, 1000 + random.nextInt(4000), UUID.randomUUID(),
                PAYBILL_ROUTE, 100 + random.nextInt(900), UUID.randomUUID());
    }
}
