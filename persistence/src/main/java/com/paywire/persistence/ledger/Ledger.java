package com.paywire.persistence.ledger;

import com.paywire.persistence.InvariantViolationException;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.rails.Settlement;
import com.paywire.vocabulary.rules.money.Leg;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The double-entry ledger. Every method joins the caller's transaction (or opens one), locks the account rows
 * it changes in id order (so concurrent transfers cannot deadlock), except a striped account's (a rail's
 * settlement, funding, fee revenue: V48), whose change goes to a stripe of its own instead, and is idempotent on
 * its key: calling it
 * again with the same key changes nothing and answers as the first call did. Transfers and entries are only ever
 * inserted (V36): a hold's leg stays a PENDING row, and posting or voiding it inserts its resolution, keyed
 * {@code <leg key>:posted} or {@code :voided}, which the posted leg's entries belong to. Account rows are locked
 * {@code for no key update}: a plain {@code for update} would conflict with the key-share locks that the
 * foreign keys of new transfers and entries take on the same rows, and deadlock concurrent payouts. A transfer or
 * a posted hold that credits a client's KES working or utility account also pays back the client's receivable
 * when it is in debt, in the same transaction ({@link #recoverReceivable}, issue 43).
 */
@Repository
@Transactional(propagation = Propagation.REQUIRED)
public class Ledger {

    /** How the keys of the transfers that fund a sandbox client's working account begin; statements say FUNDING. */
    public static final String OPENING_FLOAT = "sandbox-opening-float:";

    private static final String ACCOUNT_COLUMNS = "id, balance, reserved, may_go_negative, currency, striped";
    /** How many stripes a striped account's balance is spread over: more than the postings that run at once. */
    static final int STRIPES = 128;
    /** The advisory lock space in which a transaction claims its stripe (the two-int form, apart from any other). */
    private static final int STRIPE_LOCKS = 46;

    private final JdbcClient jdbc;
    /** What the ledger stamps its transfers and entries with: the platform's time, which the test clock moves. */
    private final Clock clock;

    /** On the system clock, for a test that builds one around its own database. */
    public Ledger(JdbcClient jdbc) {
        this(jdbc, Clock.systemUTC());
    }

    /** On the platform's clock, where the application has one (every role has); else the system's. */
    @Autowired
    public Ledger(JdbcClient jdbc, ObjectProvider<Clock> clock) {
        this(jdbc, clock.getIfAvailable(Clock::systemUTC));
    }

    private Ledger(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** Opens the client's working, utility and receivable accounts if they do not exist yet. */
    public void openClientAccounts(String clientId, String currency) {
        jdbc.sql("""
                insert into ledger_accounts (id, client_id, kind, currency, may_go_negative) values
                  (:working, :client, 'WORKING', :ccy, false),
                  (:utility, :client, 'UTILITY', :ccy, false),
                  (:receivable, :client, 'RECEIVABLE', :ccy, true)
                on conflict (id) do nothing
                """)
                .param("working", LedgerAccounts.working(clientId)).param("utility", LedgerAccounts.utility(clientId))
                .param("receivable", LedgerAccounts.receivable(clientId)).param("client", clientId)
                .param("ccy", currency)
                .update();
    }

    /**
     * Opens, if they do not exist yet, the accounts that money collected by a rail in a currency other than KES
     * moves between: the client's utility account, the rail's settlement account and fee revenue, in that currency,
     * and the client's receivable in it (what a card dispute the utility account could not pay leaves owed).
     * KES's are opened with the client and by the migrations.
     */
    public void openCollectionAccounts(String clientId, Settlement settlement, String currency) {
        jdbc.sql("""
                insert into ledger_accounts (id, client_id, kind, currency, may_go_negative, striped) values
                  (:utility, :client, 'UTILITY', :ccy, false, false),
                  (:settlement, null, 'RAIL_SETTLEMENT', :ccy, true, true),
                  (:revenue, null, 'FEE_REVENUE', :ccy, false, true),
                  (:receivable, :client, 'RECEIVABLE', :ccy, true, false)
                on conflict (id) do nothing
                """)
                .param("utility", LedgerAccounts.utility(clientId, currency))
                .param("settlement", LedgerAccounts.railSettlement(settlement, currency))
                .param("revenue", LedgerAccounts.feeRevenue(currency))
                .param("receivable", LedgerAccounts.receivable(clientId, currency))
                .param("client", clientId).param("ccy", currency)
                .update();
    }

    /**
     * Holds the legs' total on their common debit account. Nothing is held when the account's available
     * funds (balance minus what is already held) are short. The same key again answers RESERVED only while its
     * legs are still held and are the ones asked (a retried activity).
     *
     * @throws InvariantViolationException when the key holds other legs, or its hold was posted or voided, or an
     *                                     amount is not a positive number of cents
     */
    public ReserveResult reserve(String reservationKey, List<Leg> legs, String description) {
        return reserveAll(List.of(new Hold(reservationKey, legs, description))).getFirst();
    }

    /**
     * Many holds on one debit account in one transaction, the account locked once (a payroll's lines, issue 46):
     * each answers as {@link #reserve} would, called for them one after another in this order, so a hold that does
     * not fit is INSUFFICIENT_FUNDS and a later, smaller one may still be RESERVED. A hold already made under its
     * key (by an earlier call, or by the line's own step meanwhile) answers RESERVED and holds nothing again.
     *
     * @throws InvariantViolationException as {@link #reserve} does, or when the holds do not share one debit account
     */
    public List<ReserveResult> reserveAll(List<Hold> holds) {
        holds.forEach(hold -> hold.legs().forEach(leg -> requireCents(hold.reservationKey(), leg.amount())));
        String debit = holds.getFirst().legs().getFirst().debitAccount();
        if (holds.stream().flatMap(h -> h.legs().stream()).anyMatch(l -> !l.debitAccount().equals(debit))) {
            throw new InvariantViolationException("a reservation's legs share one debit account: "
                    + holds.getFirst().reservationKey());
        }
        if (heldAlready(holds).size() == holds.size()) { // a retry, or a line whose order held it: nothing to lock
            return holds.stream().map(this::sameHoldAgain).toList();
        }
        requireOneCurrency(holds.getFirst().reservationKey(), holds.stream().flatMap(h -> h.legs().stream())
                .flatMap(l -> Stream.of(l.debitAccount(), l.creditAccount())).collect(Collectors.toSet()));
        Account account = lock(List.of(debit)).getFirst();
        // looked at again under the lock: a concurrent batch may have held some of them meanwhile
        Set<String> held = heldAlready(holds);
        BigDecimal available = account.available();
        BigDecimal total = BigDecimal.ZERO;
        OffsetDateTime now = OffsetDateTime.now(clock);
        List<ReserveResult> results = new ArrayList<>();
        for (Hold hold : holds) {
            if (held.contains(hold.reservationKey())) {
                results.add(sameHoldAgain(hold));
                continue;
            }
            BigDecimal amount = hold.legs().stream().map(Leg::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
            if (isChecked(account) && available.subtract(total).compareTo(amount) < 0) {
                results.add(ReserveResult.INSUFFICIENT_FUNDS);
                continue;
            }
            for (int i = 0; i < hold.legs().size(); i++) {
                insertTransfer(legKey(hold.reservationKey(), i), hold.reservationKey(), hold.legs().get(i),
                        TransferState.PENDING, hold.description(), now, null);
            }
            total = total.add(amount);
            results.add(ReserveResult.RESERVED);
        }
        if (total.signum() > 0) {
            change(account, BigDecimal.ZERO, total);
        }
        return results;
    }

    /** The keys among these holds' that hold (or held) legs already. */
    private Set<String> heldAlready(List<Hold> holds) {
        return new TreeSet<>(jdbc.sql("""
                select distinct reservation_key from ledger_transfers where reservation_key in (:keys) and pending_id is null
                """).param("keys", holds.stream().map(Hold::reservationKey).toList()).query(String.class).list());
    }

    private ReserveResult sameHoldAgain(Hold hold) {
        requireSameHold(hold.reservationKey(), legsOf(hold.reservationKey()), hold.legs());
        return ReserveResult.RESERVED;
    }

    /**
     * Turns a reservation into entries. Posting twice posts once (a retried activity).
     *
     * @throws InvariantViolationException when nothing is held under the key, or its hold was voided
     */
    public void post(String reservationKey) {
        OffsetDateTime now = OffsetDateTime.now(clock);
        for (PendingLeg leg : heldLegsOf(reservationKey)) {
            switch (leg.state()) {
                case POSTED -> { }
                case VOIDED -> throw new InvariantViolationException("reservation " + reservationKey + " was voided");
                case PENDING -> {
                    List<Account> accounts = lock(List.of(leg.debitAccount(), leg.creditAccount()),
                            receivableRecoveredBy(leg.leg()));
                    change(named(accounts, leg.debitAccount()), leg.amount().negate(), leg.amount().negate());
                    change(named(accounts, leg.creditAccount()), leg.amount(), BigDecimal.ZERO);
                    UUID posted = insertResolution(leg, TransferState.POSTED, now);
                    writeEntries(posted, leg.debitAccount(), leg.creditAccount(), leg.amount(), now);
                    recoverReceivable(leg.key(), leg.leg(), accounts, now);
                }
            }
        }
    }

    /**
     * Releases a reservation. Voiding twice voids once (a retried activity).
     *
     * @throws InvariantViolationException when nothing is held under the key, or its hold was posted
     */
    public void voidReservation(String reservationKey) {
        OffsetDateTime now = OffsetDateTime.now(clock);
        for (PendingLeg leg : heldLegsOf(reservationKey)) {
            switch (leg.state()) {
                case VOIDED -> { }
                case POSTED -> throw new InvariantViolationException("reservation " + reservationKey + " was posted");
                case PENDING -> {
                    change(lock(List.of(leg.debitAccount())).getFirst(), BigDecimal.ZERO, leg.amount().negate());
                    insertResolution(leg, TransferState.VOIDED, now);
                }
            }
        }
    }

    /**
     * A one-phase transfer. Answers false (and moves nothing) when the debit account's available funds are short.
     * The same key again answers true, and moves nothing, only for the same accounts and amount (a retried
     * activity).
     *
     * @throws InvariantViolationException when the two accounts are in different currencies, or the key was used
     *                                     for another transfer, or the amount is not a positive number of cents
     */
    public boolean transfer(String idempotencyKey, Leg leg, String description) {
        requireCents(idempotencyKey, leg.amount());
        Optional<KeyedTransfer> existing = transferWithKey(idempotencyKey);
        if (existing.isPresent()) {
            requireSameTransfer(idempotencyKey, existing.get(), leg);
            return true;
        }
        Optional<String> receivable = receivableRecoveredBy(leg);
        List<Account> accounts = lock(List.of(leg.debitAccount(), leg.creditAccount()), receivable);
        requireOneCurrency(idempotencyKey, accounts.stream()
                .filter(a -> !receivable.equals(Optional.of(a.id()))).toList());
        Account debit = named(accounts, leg.debitAccount());
        if (isChecked(debit) && debit.available().compareTo(leg.amount()) < 0) {
            return false;
        }
        OffsetDateTime now = OffsetDateTime.now(clock);
        UUID id = insertTransfer(idempotencyKey, null, leg, TransferState.POSTED, description, now, null);
        change(debit, leg.amount().negate(), BigDecimal.ZERO);
        change(named(accounts, leg.creditAccount()), leg.amount(), BigDecimal.ZERO);
        writeEntries(id, leg.debitAccount(), leg.creditAccount(), leg.amount(), now);
        recoverReceivable(idempotencyKey, leg, accounts, now);
        return true;
    }

    /**
     * A transfer that cannot be short: its debit account may go negative (a rail's settlement, the funding account,
     * a receivable). A refusal means the ledger is not what the caller believes, so it throws instead of answering.
     */
    public void transferRequired(String idempotencyKey, Leg leg, String description) {
        if (!transfer(idempotencyKey, leg, description)) {
            throw new InvariantViolationException("transfer " + idempotencyKey + " was refused: " + leg.debitAccount()
                    + " cannot go short");
        }
    }

    /**
     * Where the hold under this reservation key stands: PENDING, POSTED or VOIDED, or empty when nothing was ever
     * held under it (a payment closed before its hold was made).
     */
    public Optional<TransferState> holdState(String reservationKey) {
        return jdbc.sql("select state from ledger_transfer_states where reservation_key = ? limit 1").param(reservationKey)
                .query((rs, n) -> TransferState.valueOf(rs.getString("state"))).optional();
    }

    /** The leg of the posted transfer with this key (a one-phase transfer, or a hold's leg posted), if there is one. */
    public Optional<Leg> posted(String idempotencyKey) {
        return jdbc.sql("""
                select debit_account, credit_account, amount from ledger_transfer_states
                where idempotency_key = ? and state = ?
                """).params(idempotencyKey, TransferState.POSTED.name())
                .query((rs, n) -> new Leg(rs.getString("debit_account"), rs.getString("credit_account"),
                        rs.getBigDecimal("amount")))
                .optional();
    }

    /**
     * Every transfer of one payment, oldest first: those keyed by its key ({@code Product.key}) or extending it
     * (the legs of its hold, {@code <key>#0}; its fee, late success, refunds and their reversals,
     * {@code <key>:...}), each with its accounts' kinds and currency. A hold's leg is listed once, in the state and
     * with the settling time of its resolution, which is not listed of its own.
     */
    public List<Transfer> transfersOf(String paymentKey) {
        String escaped = paymentKey.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
        return jdbc.sql("""
                select t.idempotency_key, t.reservation_key, t.debit_account, d.kind as debit_kind, t.credit_account,
                       c.kind as credit_kind, t.amount, d.currency, t.state, t.description, t.created_at, t.settled_at
                from ledger_transfer_states t
                join ledger_accounts d on d.id = t.debit_account join ledger_accounts c on c.id = t.credit_account
                where t.idempotency_key like :prefix
                order by t.created_at, t.idempotency_key
                """).param("prefix", escaped + "%")
                .query((rs, n) -> new Transfer(rs.getString("idempotency_key"), rs.getString("reservation_key"),
                        rs.getString("debit_account"), rs.getString("debit_kind"), rs.getString("credit_account"),
                        rs.getString("credit_kind"), rs.getBigDecimal("amount"), rs.getString("currency"),
                        TransferState.valueOf(rs.getString("state")), rs.getString("description"),
                        rs.getObject("created_at", OffsetDateTime.class), rs.getObject("settled_at", OffsetDateTime.class)))
                .stream().filter(t -> belongsTo(t.key(), paymentKey)).toList();
    }

    /** {@code key} is the payment's own, or extends it; {@code payout:ab} does not extend {@code payout:a}. */
    private static boolean belongsTo(String key, String paymentKey) {
        return key.equals(paymentKey) || key.startsWith(paymentKey + "#") || key.startsWith(paymentKey + ":");
    }

    /**
     * The holds not yet posted or released, over every client: how many, and the money their legs keep (amounts and
     * fees, in KES: nothing else is held). Reads the open legs alone (ledger_open_holds, V36), never the whole ledger.
     */
    public Holds pendingHolds() {
        return jdbc.sql("select count(distinct reservation_key), coalesce(sum(amount), 0) from ledger_open_holds")
                .query((rs, n) -> new Holds(rs.getLong(1), rs.getBigDecimal(2))).single();
    }

    /** Balance minus held funds. */
    public BigDecimal available(String accountId) {
        return find(accountId).map(Account::available).orElse(Cents.ZERO);
    }

    /** The account with its balance as the ledger means it: a striped account's row plus its stripes (V48). */
    public Optional<Account> find(String accountId) {
        return jdbc.sql("select " + ACCOUNT_COLUMNS + " from ledger_account_balances where id = ?")
                .param(accountId).query(Ledger::account).optional();
    }

    /** Money never changes currency in the ledger: a transfer between currencies is a bug, and moves nothing. */
    private void requireOneCurrency(String key, Set<String> accountIds) {
        requireOneCurrency(key, jdbc.sql("select " + ACCOUNT_COLUMNS + " from ledger_accounts where id in (:ids)")
                .param("ids", accountIds).query(Ledger::account).list());
    }

    private static void requireOneCurrency(String key, List<Account> accounts) {
        Set<String> currencies = accounts.stream().map(Account::currency).collect(Collectors.toCollection(TreeSet::new));
        if (currencies.size() > 1) {
            throw new InvariantViolationException("transfer " + key + " would move money between currencies "
                    + currencies + ": " + accounts.stream().map(Account::id).sorted().toList());
        }
    }

    private List<Account> lock(List<String> accountIds) {
        return lock(accountIds, Optional.empty());
    }

    /**
     * Locks the accounts, and {@code ifThere} too when it exists (a client's receivable, which a client opened by
     * hand in a test may lack), all in id order, so that transfers locking overlapping sets cannot deadlock. A
     * striped account is not locked (V48): it is answered with its row alone, its stripes left out, since nothing
     * here reads a striped account's balance. An account that is not striped has no stripes: its row is its balance.
     */
    private List<Account> lock(List<String> accountIds, Optional<String> ifThere) {
        Set<String> ids = new TreeSet<>(accountIds);
        ifThere.ifPresent(ids::add);
        Map<String, Account> found = new HashMap<>();
        // one statement locks the accounts that are not striped, in id order: the Sort runs below the row locks
        jdbc.sql("select " + ACCOUNT_COLUMNS + " from ledger_accounts where id in (:ids) and not striped"
                        + " order by id for no key update").param("ids", ids)
                .query(Ledger::account).list().forEach(a -> found.put(a.id(), a));
        if (found.size() < ids.size()) { // the striped ones, read without a lock (or a receivable not there)
            jdbc.sql("select " + ACCOUNT_COLUMNS + " from ledger_accounts where id in (:ids) and striped")
                    .param("ids", ids).query(Ledger::account).list().forEach(a -> found.put(a.id(), a));
        }
        List<Account> locked = new ArrayList<>();
        for (String id : ids) {
            Account account = found.get(id);
            if (account == null && !ifThere.equals(Optional.of(id))) {
                throw new InvariantViolationException("no ledger account " + id);
            }
            if (account != null) {
                locked.add(account);
            }
        }
        return locked;
    }

    /**
     * The receivable a credit by this leg pays back: the client's, when the leg credits its working account or a
     * utility account (a utility account in another currency pays the receivable in that currency), and does not
     * come from the receivable itself.
     */
    private static Optional<String> receivableRecoveredBy(Leg leg) {
        return LedgerAccounts.recoveredReceivable(leg.creditAccount())
                .filter(receivable -> !receivable.equals(leg.debitAccount()));
    }

    /**
     * Issue 43: a client that owes Paywire (its receivable below zero) pays it back from its next credits. Called
     * by {@link #transfer} and {@link #post} right after they credit a client's KES working or utility account,
     * in the same transaction: moves {@link ReceivableRecovery#recovered} of the credit from that account to the
     * receivable, split over the oldest debts it pays ({@link ReceivableRecovery#allocate}), each piece a posted
     * transfer keyed {@code <credit key>:recovery:<debt key>}. It runs only when the credit itself is written
     * (a retried credit finds its key and stops before), so a credit recovers once; the keys' uniqueness says so
     * again.
     *
     * <p>Safe against concurrent credits, late successes and recoveries of the same client because the caller has
     * locked both the credited account's row and the receivable's ({@code for no key update}, in id order with the
     * credit's other account) before reading their balances: whoever else moves either waits for this
     * transaction's commit, so the debt and the funds read here are still what they were when the lock was taken,
     * changed only by this credit.
     *
     * @param locked the accounts the caller locked, as they were before the credit
     */
    private void recoverReceivable(String creditKey, Leg credit, List<Account> locked, OffsetDateTime now) {
        Optional<String> receivableId = receivableRecoveredBy(credit);
        if (receivableId.isEmpty()) {
            return;
        }
        Optional<Account> receivable = locked.stream().filter(a -> a.id().equals(receivableId.get())).findFirst();
        Account credited = named(locked, credit.creditAccount());
        if (receivable.isEmpty() || receivable.get().balance().signum() >= 0) {
            return;
        }
        BigDecimal amount = ReceivableRecovery.recovered(receivable.get().balance(), credit.amount(),
                credited.available().add(credit.amount()));
        if (amount.signum() <= 0) {
            return;
        }
        List<ReceivableRecovery.Entry> entries = jdbc.sql("""
                select t.idempotency_key, e.amount from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
                where e.account_id = ? order by e.created_at, e.id
                """).param(receivableId.get())
                .query((rs, n) -> new ReceivableRecovery.Entry(rs.getString(1), rs.getBigDecimal(2))).list();
        for (ReceivableRecovery.Piece piece : ReceivableRecovery.allocate(ReceivableRecovery.outstanding(entries), amount)) {
            Leg recovery = new Leg(credit.creditAccount(), receivableId.get(), piece.amount());
            UUID id = insertTransfer(ReceivableRecovery.key(creditKey, piece), null, recovery, TransferState.POSTED,
                    "Recovered toward what is owed" + (piece.debtKey() == null ? "" : " for " + piece.debtKey()), now, null);
            change(credited, piece.amount().negate(), BigDecimal.ZERO);
            change(receivable.get(), piece.amount(), BigDecimal.ZERO);
            writeEntries(id, recovery.debitAccount(), recovery.creditAccount(), piece.amount(), now);
        }
    }

    /**
     * Adds to an account's balance and reserved: on its row, which the caller has locked, or for a striped account
     * on the stripe this transaction holds ({@link #STRIPES}), claimed with a try-lock so that two transactions never
     * wait for each other, nor deadlock, on a stripe: the first free one from the session's own (its pid's), which is
     * nearly always free; the session's own when all are taken (more postings at once than stripes), which then waits.
     * The stripe's lock is the transaction's, and taken again (re-entrant) by its next change.
     */
    private void change(Account account, BigDecimal balance, BigDecimal reserved) {
        if (!account.striped()) {
            jdbc.sql("update ledger_accounts set balance = balance + ?, reserved = reserved + ? where id = ?")
                    .params(balance, reserved, account.id()).update();
            return;
        }
        jdbc.sql("""
                with claimed as (
                    select coalesce((select i % :stripes from generate_series(pg_backend_pid(), pg_backend_pid() + :stripes - 1) i
                                     where pg_try_advisory_xact_lock(:space, i % :stripes) limit 1),
                                    pg_backend_pid() % :stripes) as stripe)
                insert into ledger_balance_stripes (account_id, stripe, balance, reserved)
                select :account, stripe, :balance, :reserved from claimed
                on conflict (account_id, stripe) do update set balance = ledger_balance_stripes.balance + excluded.balance,
                                                               reserved = ledger_balance_stripes.reserved + excluded.reserved
                """).param("stripes", STRIPES).param("space", STRIPE_LOCKS).param("account", account.id())
                .param("balance", balance).param("reserved", reserved).update();
    }

    /**
     * Whether a debit of the account is checked against its available funds: not for one that may go negative, nor
     * for a striped account (fee revenue: {@link com.paywire.vocabulary.rules.money.MoneyRules#refundedFeeShare}
     * bounds what leaves it by what came in, see V48).
     */
    private static boolean isChecked(Account account) {
        return !account.mayGoNegative() && !account.striped();
    }

    private static Account named(List<Account> accounts, String id) {
        return accounts.stream().filter(a -> a.id().equals(id)).findFirst().orElseThrow();
    }

    private void writeEntries(UUID transferId, String debit, String credit, BigDecimal amount, OffsetDateTime now) {
        jdbc.sql("""
                insert into ledger_entries (transfer_id, account_id, amount, created_at) values (?, ?, ?, ?), (?, ?, ?, ?)
                """).params(transferId, debit, amount.negate(), now, transferId, credit, amount, now).update();
    }

    /** @param pendingId the pending leg a resolution posts or voids; null for any other transfer */
    private UUID insertTransfer(String key, String reservationKey, Leg leg, TransferState state, String description,
                                OffsetDateTime now, UUID pendingId) {
        UUID id = UUID.randomUUID();
        jdbc.sql("""
                insert into ledger_transfers (id, idempotency_key, reservation_key, debit_account, credit_account,
                                              amount, state, description, created_at, settled_at, pending_id)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
                .params(id, key, reservationKey, leg.debitAccount(), leg.creditAccount(), leg.amount(), state.name(),
                        description, now, state == TransferState.PENDING ? null : now, pendingId)
                .update();
        return id;
    }

    /**
     * Posts or voids a pending leg by inserting its resolution: the leg's accounts and amount again, under
     * {@code <leg key>:posted} or {@code :voided}. The leg's row is never rewritten; the database refuses a second
     * resolution of it (a unique index on pending_id).
     */
    private UUID insertResolution(PendingLeg leg, TransferState state, OffsetDateTime now) {
        return insertTransfer(leg.key() + ":" + state.name().toLowerCase(Locale.ROOT), leg.reservationKey(), leg.leg(),
                state, leg.description(), now, leg.id());
    }

    private Optional<KeyedTransfer> transferWithKey(String idempotencyKey) {
        return jdbc.sql("""
                select debit_account, credit_account, amount, state, reservation_key is not null as of_a_hold
                from ledger_transfers where idempotency_key = ?
                """)
                .param(idempotencyKey)
                .query((rs, n) -> new KeyedTransfer(new Leg(rs.getString("debit_account"), rs.getString("credit_account"),
                        rs.getBigDecimal("amount")), TransferState.valueOf(rs.getString("state")), rs.getBoolean("of_a_hold")))
                .optional();
    }

    /**
     * The ledger keeps amounts to the cent (numeric(20,2), which would round a third decimal away without a word):
     * an amount finer than that, or not above zero, is refused, never rounded into what the rail did not move.
     */
    private static void requireCents(String key, BigDecimal amount) {
        if (amount.signum() <= 0 || !Cents.isExact(amount)) {
            throw new InvariantViolationException("transfer " + key + " of " + amount.toPlainString()
                    + " refused: the ledger moves positive amounts to the cent");
        }
    }

    /** A key names one transfer: used again, it must be asked for the same one-phase transfer, posted. */
    private static void requireSameTransfer(String key, KeyedTransfer existing, Leg asked) {
        if (existing.ofAHold() || existing.state() != TransferState.POSTED || !sameLeg(existing.leg(), asked)) {
            throw new InvariantViolationException("transfer key " + key + " was used for " + describe(existing.leg())
                    + " (" + existing.state() + (existing.ofAHold() ? ", of a hold" : "") + "), and is now asked for "
                    + describe(asked));
        }
    }

    /** A reservation key names one hold: used again, it must be asked for the same legs, still held. */
    private static void requireSameHold(String key, List<PendingLeg> existing, List<Leg> asked) {
        List<Leg> held = existing.stream().map(PendingLeg::leg).toList();
        boolean same = held.size() == asked.size()
                && IntStream.range(0, held.size()).allMatch(i -> sameLeg(held.get(i), asked.get(i)));
        Set<TransferState> states = existing.stream().map(PendingLeg::state).collect(Collectors.toSet());
        if (!same || !states.equals(Set.of(TransferState.PENDING))) {
            throw new InvariantViolationException("reservation key " + key + " holds "
                    + held.stream().map(Ledger::describe).toList() + " (" + states + "), and is now asked for "
                    + asked.stream().map(Ledger::describe).toList());
        }
    }

    private static boolean sameLeg(Leg a, Leg b) {
        return a.debitAccount().equals(b.debitAccount()) && a.creditAccount().equals(b.creditAccount())
                && a.amount().compareTo(b.amount()) == 0;
    }

    private static String describe(Leg leg) {
        return leg.amount().toPlainString() + " from " + leg.debitAccount() + " to " + leg.creditAccount();
    }

    /**
     * The legs of a hold in order ({@code #0}, {@code #1}, ...), each in the state its resolution gave it. The legs'
     * rows are locked first, by a statement of their own: the states are read after the lock is granted, so a
     * concurrent post or void of the same hold is seen once it committed.
     */
    private List<PendingLeg> legsOf(String reservationKey) {
        boolean held = !jdbc.sql("""
                select id from ledger_transfers where reservation_key = ? and pending_id is null
                order by length(idempotency_key), idempotency_key for update
                """).param(reservationKey).query(UUID.class).list().isEmpty();
        if (!held) {
            return List.of();
        }
        return jdbc.sql("""
                select id, idempotency_key, reservation_key, debit_account, credit_account, amount, description, state
                from ledger_transfer_states where reservation_key = ?
                order by length(idempotency_key), idempotency_key
                """)
                .param(reservationKey)
                .query((rs, n) -> new PendingLeg(rs.getObject("id", UUID.class), rs.getString("idempotency_key"),
                        rs.getString("reservation_key"), rs.getString("debit_account"), rs.getString("credit_account"),
                        rs.getBigDecimal("amount"), rs.getString("description"), TransferState.valueOf(rs.getString("state"))))
                .list();
    }

    /** The legs of a hold, to post or void them: a key that holds nothing names no hold, and is a bug. */
    private List<PendingLeg> heldLegsOf(String reservationKey) {
        List<PendingLeg> legs = legsOf(reservationKey);
        if (legs.isEmpty()) {
            throw new InvariantViolationException("nothing is held under reservation key " + reservationKey);
        }
        return legs;
    }

    private static String legKey(String reservationKey, int index) {
        return reservationKey + "#" + index;
    }

    private static Account account(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return new Account(rs.getString("id"), rs.getBigDecimal("balance"), rs.getBigDecimal("reserved"),
                rs.getBoolean("may_go_negative"), rs.getString("currency"), rs.getBoolean("striped"));
    }

    /** Holds outstanding: how many, and how much they keep. */
    public record Holds(long count, BigDecimal amount) {
    }

    /**
     * One transfer as a payment's timeline reads it.
     *
     * @param reservationKey the hold it is a leg of, or null for a transfer posted at once
     * @param debitKind      the debit account's kind (WORKING, UTILITY, RECEIVABLE, FEE_REVENUE, RAIL_SETTLEMENT,
     *                       FUNDING, REFUNDS_DUE); {@code creditKind} the credit account's
     * @param settledAt      when it was posted or voided; null while it is held
     */
    public record Transfer(String key, String reservationKey, String debitAccount, String debitKind,
                           String creditAccount, String creditKind, BigDecimal amount, String currency,
                           TransferState state, String description, OffsetDateTime createdAt,
                           OffsetDateTime settledAt) {
    }

    /**
     * @param currency the ISO 4217 letter code of the money it holds
     * @param striped  whether its balance is spread over stripes, never locked (V48); when it is, the balance read
     *                 from {@link #find} is the sum
     */
    public record Account(String id, BigDecimal balance, BigDecimal reserved, boolean mayGoNegative, String currency,
                          boolean striped) {

        public BigDecimal available() {
            return balance.subtract(reserved);
        }
    }

    /** One hold of {@link #reserveAll}: what {@link #reserve} takes. */
    public record Hold(String reservationKey, List<Leg> legs, String description) {
    }

    public enum ReserveResult {
        RESERVED,
        INSUFFICIENT_FUNDS
    }

    private record PendingLeg(UUID id, String key, String reservationKey, String debitAccount, String creditAccount,
                              BigDecimal amount, String description, TransferState state) {

        Leg leg() {
            return new Leg(debitAccount, creditAccount, amount);
        }
    }

    private record KeyedTransfer(Leg leg, TransferState state, boolean ofAHold) {
    }
}
