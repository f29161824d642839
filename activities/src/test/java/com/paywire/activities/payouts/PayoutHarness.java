package com.paywire.activities.payouts;

import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.payouts.PaymentOrderRow;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.payouts.PayoutRecipient;
import com.paywire.vocabulary.payouts.PayoutRemitter;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.workflows.payouts.PaymentOrderCommand;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.PayoutTiming;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** Records orders the way the API does, so the workflows find the rows they expect. */
final class PayoutHarness {

    private final PayoutStore store;
    private final ApiClientStore clients;
    private final Ledger ledger;

    PayoutHarness(PayoutStore store, ApiClientStore clients, Ledger ledger) {
        this.store = store;
        this.clients = clients;
        this.ledger = ledger;
    }

    record LineSpec(Rail rail, String account, String amount) {

        static LineSpec mobile(String phone, String amount) {
            return new LineSpec(Rail.MOBILE_MONEY, phone, amount);
        }

        static LineSpec bank(String account, String amount) {
            return new LineSpec(Rail.BANK, account, amount);
        }
    }

    String newClient(String floatKes) {
        String clientId = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(clientId, clientId, "unused", Set.of("payouts")), List.of());
        ledger.transfer("float:" + clientId, new Leg(LedgerAccounts.FUNDING, LedgerAccounts.working(clientId),
                new BigDecimal(floatKes)), "test float");
        return clientId;
    }

    PaymentOrderCommand record(String clientId, PayoutTiming timing, LineSpec... specs) {
        return record(clientId, timing, null, false, specs);
    }

    /** An order whose first line has the stan the client chose. */
    PaymentOrderCommand record(String clientId, PayoutTiming timing, String stan, LineSpec... specs) {
        return record(clientId, timing, stan, false, specs);
    }

    /**
     * An order of one line as it was accepted before lines had their own rail reference: the migration gave it its
     * stan as its reference, and its command (recorded in Temporal then) has none.
     */
    PaymentOrderCommand recordBeforeRailReferences(String clientId, PayoutTiming timing, LineSpec spec) {
        return record(clientId, timing, null, true, spec);
    }

    private PaymentOrderCommand record(String clientId, PayoutTiming timing, String stan, boolean beforeRailReferences,
                                       LineSpec... specs) {
        PaymentOrderRow order = new PaymentOrderRow(UUID.randomUUID(), clientId, "ocid-" + UUID.randomUUID(), null,
                false, false, OffsetDateTime.now());
        List<PayoutLineRow> rows = new ArrayList<>();
        List<PayoutLineCommand> commands = new ArrayList<>();
        for (int i = 0; i < specs.length; i++) {
            LineSpec spec = specs[i];
            String lineStan = i == 0 && stan != null ? stan : UUID.randomUUID().toString();
            int type = spec.rail() == Rail.BANK ? 2 : 1;
            String institution = spec.rail() == Rail.BANK ? "01" : "63902";
            UUID lineId = UUID.randomUUID();
            String railReference = beforeRailReferences ? lineStan : lineId.toString();
            rows.add(PayoutLineRow.pending(lineId, order.id(), clientId, i, new PayoutLineRow.Request(lineStan,
                    spec.rail(), UUID.randomUUID(), type, 1, new BigDecimal(spec.amount()), "KES", "ref-" + i,
                    remitter("Acme"), recipient("Jane", spec.account()), spec.account(), null), null, null,
                    railReference));
            commands.add(new PayoutLineCommand(clientId, order.id().toString(), lineId.toString(), lineStan, spec.rail(),
                    type, new BigDecimal(spec.amount()), "KES", spec.account(), "Jane", institution, "ref-" + i, timing,
                    specs.length > timing.maxLinesInFlight(), null, beforeRailReferences ? null : railReference));
        }
        store.insertOrder(order, rows);
        return new PaymentOrderCommand(clientId, order.id().toString(), order.originatorConversationId(), commands, timing);
    }

    /** Only the names: the rest of what a client sends does not matter here. */
    private static PayoutRemitter remitter(String name) {
        return new PayoutRemitter(name, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null);
    }

    private static PayoutRecipient recipient(String name, String account) {
        return new PayoutRecipient(name, null, null, null, null, null, null, null, null, account, null, null, null,
                null);
    }
}
