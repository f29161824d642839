package com.paywire.persistence.cards;

import com.paywire.vocabulary.cards.CardSummary;
import com.paywire.vocabulary.cards.SavedCard;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Transient tokens, saved cards, fraud screens and payer authentications. */
@Repository
public class CardStore {

    private final JdbcClient jdbc;
    /** When a fraud screen was made, which its velocity counts compare with the platform's time. */
    private final Clock clock;

    public CardStore(JdbcClient jdbc, ObjectProvider<Clock> clock) {
        this.jdbc = jdbc;
        this.clock = clock.getIfAvailable(Clock::systemUTC); // a store's own tests run without the platform's
    }

    public void saveTransientToken(String token, String clientId, CardSummary card, OffsetDateTime expiresAt) {
        jdbc.sql("""
                insert into transient_tokens (token, client_id, processor_instrument_id, network, last_four,
                    expiry_month, expiry_year, expires_at) values (?, ?, ?, ?, ?, ?, ?, ?)
                """).params(token, clientId, card.processorInstrumentId(), card.network(), card.lastFour(),
                card.expiryMonth(), card.expiryYear(), expiresAt).update();
    }

    /**
     * Uses the token up: empty when unknown, another client's, expired or used before. A use named by
     * {@code usedBy} (an authorisation id) may redeem the token again, so that a retried authorisation gets its
     * answer; a null {@code usedBy} is strictly once.
     */
    public Optional<CardSummary> redeemTransientToken(String clientId, String token, String usedBy, OffsetDateTime now) {
        return jdbc.sql("""
                update transient_tokens set used_at = :now, used_by = :usedBy
                where token = :token and client_id = :client and expires_at > :now
                  and (used_at is null or used_by = :usedBy)
                returning processor_instrument_id, network, last_four, expiry_month, expiry_year
                """).param("now", now).param("token", token).param("client", clientId).param("usedBy", usedBy)
                .query(CardStore::summary).optional();
    }

    /** The token's card without using the token up (3-D Secure and fraud screening look before paying). */
    public Optional<CardSummary> peekTransientToken(String clientId, String token, OffsetDateTime now) {
        return jdbc.sql("""
                select processor_instrument_id, network, last_four, expiry_month, expiry_year from transient_tokens
                where token = ? and client_id = ? and used_at is null and expires_at > ?
                """).params(token, clientId, now).query(CardStore::summary).optional();
    }

    public void saveCard(String id, String clientId, CardSummary card, String billingAddressJson) {
        jdbc.sql("""
                insert into saved_cards (id, client_id, processor_instrument_id, network, last_four, expiry_month,
                    expiry_year, billing_address) values (?, ?, ?, ?, ?, ?, ?, cast(? as json))
                """).params(id, clientId, card.processorInstrumentId(), card.network(), card.lastFour(),
                card.expiryMonth(), card.expiryYear(), billingAddressJson).update();
    }

    public Optional<SavedCard> findCard(String clientId, String id) {
        return jdbc.sql("""
                select id, processor_instrument_id, network, last_four, expiry_month, expiry_year,
                       billing_address::text as billing_address, created_at
                from saved_cards where client_id = ? and id = ? and deleted_at is null
                """).params(clientId, id)
                .query((rs, n) -> new SavedCard(rs.getString("id"), summary(rs, n), rs.getString("billing_address"),
                        rs.getObject("created_at", OffsetDateTime.class)))
                .optional();
    }

    public boolean deleteCard(String clientId, String id) {
        return jdbc.sql("update saved_cards set deleted_at = now() where client_id = ? and id = ? and deleted_at is null")
                .params(clientId, id).update() == 1;
    }

    public record FraudScreenRecord(String id, String instrumentId, BigDecimal amount, String currency,
                                    String decision, int score, String reasons) {
    }

    /** Records a screen; a screen of the same id recorded before stays as it was (screens are keyed). */
    public void saveFraudScreen(FraudScreenRecord s, String clientId) {
        jdbc.sql("""
                insert into fraud_screens (id, client_id, instrument_id, amount, currency, decision, score, reasons,
                    created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (id) do nothing
                """).params(s.id(), clientId, s.instrumentId(), s.amount(), s.currency(), s.decision(), s.score(),
                s.reasons(), OffsetDateTime.now(clock)).update();
    }

    public Optional<FraudScreenRecord> findFraudScreen(String clientId, String id) {
        return jdbc.sql("select * from fraud_screens where client_id = ? and id = ?").params(clientId, id)
                .query((rs, n) -> new FraudScreenRecord(rs.getString("id"), rs.getString("instrument_id"),
                        rs.getBigDecimal("amount"), rs.getString("currency"), rs.getString("decision"),
                        rs.getInt("score"), rs.getString("reasons")))
                .optional();
    }

    /** How many screens this card (or, with a null card, this client) had since then: velocity. */
    public int screensSince(String clientId, String instrumentId, OffsetDateTime since) {
        return jdbc.sql("""
                select count(*) from fraud_screens
                where client_id = :client and created_at > :since and (cast(:card as text) is null or instrument_id = :card)
                """).param("client", clientId).param("since", since).param("card", instrumentId)
                .query(Integer.class).single();
    }

    public record PayerAuthentication(String id, String referenceId, String processorInstrumentId, String network,
                                      String status, BigDecimal amount, String currency, String eci, String cavv) {
    }

    public void savePayerAuthentication(PayerAuthentication a, String clientId) {
        jdbc.sql("""
                insert into payer_authentications (id, reference_id, client_id, processor_instrument_id, network, status,
                    amount, currency, eci, cavv) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (id) do update set status = excluded.status, amount = excluded.amount,
                    currency = excluded.currency, eci = excluded.eci, cavv = excluded.cavv
                """).params(a.id(), a.referenceId(), clientId, a.processorInstrumentId(), a.network(), a.status(),
                a.amount(), a.currency(), a.eci(), a.cavv()).update();
    }

    public Optional<PayerAuthentication> findPayerAuthentication(String clientId, String idOrReference) {
        return jdbc.sql("select * from payer_authentications where client_id = ? and (id = ? or reference_id = ?)")
                .params(clientId, idOrReference, idOrReference)
                .query((rs, n) -> new PayerAuthentication(rs.getString("id"), rs.getString("reference_id"),
                        rs.getString("processor_instrument_id"), rs.getString("network"), rs.getString("status"),
                        rs.getBigDecimal("amount"),
                        rs.getString("currency"), rs.getString("eci"), rs.getString("cavv")))
                .optional();
    }

    private static CardSummary summary(ResultSet rs, int row) throws SQLException {
        return new CardSummary(rs.getString("processor_instrument_id"), rs.getString("network"),
                rs.getString("last_four"), rs.getString("expiry_month"), rs.getString("expiry_year"));
    }
}
