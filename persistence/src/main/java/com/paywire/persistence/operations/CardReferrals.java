package com.paywire.persistence.operations;

import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.cards.CardTransactionType;
import com.paywire.vocabulary.products.Product;
import java.util.HashSet;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Card captures and refunds the processor never answered about, referred to operators (card_transactions, V40) and
 * not decided yet: a capture still PENDING, a refund still REFUND_INITIATED. An operator's decision moves the status
 * on, so a decided one leaves the queue.
 */
final class CardReferrals {

    /** The condition on {@code card_transactions t}. */
    static final String UNDECIDED = """
            t.referred_at is not null and ((t.type = '%s' and t.status = '%s') or (t.type = '%s' and t.status = '%s'))
            """.formatted(CardTransactionType.CAPTURE, CardTransactionStatus.PENDING, CardTransactionType.REFUND,
            CardTransactionStatus.REFUND_INITIATED).strip();

    private CardReferrals() {
    }

    /**
     * The reservation keys of their holds: a capture's {@code card:{CaptureId}}; a refund's two
     * ({@link Product#refundKeys}) under the credit it takes back from, its capture's or, for a checkout paid by
     * card, the order's ({@code checkout:{orderId}}).
     */
    static Set<String> heldKeys(JdbcClient jdbc) {
        Set<String> keys = new HashSet<>();
        jdbc.sql("""
                select t.type, t.id, t.parent_id, o.id::text as checkout_id
                from card_transactions t
                left join checkout_orders o on o.client_id = t.client_id and o.payment_method = 'CARD'
                    and o.third_party_reference = t.parent_id
                where %s
                """.formatted(UNDECIDED)).query(rs -> {
            String id = rs.getString("id");
            if (CardTransactionType.CAPTURE.name().equals(rs.getString("type"))) {
                keys.add(Product.CARD.key(id));
                return;
            }
            String checkout = rs.getString("checkout_id");
            String credit = checkout != null ? Product.CHECKOUT.key(checkout) : Product.CARD.key(rs.getString("parent_id"));
            keys.addAll(Product.refundKeys(credit, id));
        });
        return keys;
    }
}
