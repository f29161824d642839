package com.paywire.persistence.secrets;

import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Re-encrypts under the current secrets key every sealed value ({@link SealedColumn#ALL}) that only a previous key
 * opens, so that the previous keys can then be dropped. Rows are read in batches by primary key; a value is
 * written back only while the row still holds the value read, so a writer that changed it meanwhile (its value is
 * under the key it runs with) is never overwritten. Running it again changes nothing already moved.
 */
public class SecretsRewrap {

    private static final Logger log = LoggerFactory.getLogger(SecretsRewrap.class);

    private final JdbcClient jdbc;
    private final SecretCipher cipher;
    private final int batchSize;

    public SecretsRewrap(JdbcClient jdbc, SecretCipher cipher, int batchSize) {
        this.jdbc = jdbc;
        this.cipher = cipher;
        this.batchSize = batchSize;
    }

    /**
     * @param checked          sealed values read
     * @param rewrapped        of those, re-encrypted under the current key
     * @param unreadable       of those, opened by no configured key: they stay as they are
     * @param changedMeanwhile of those, changed by another writer between the read and the write: left as written
     */
    public record Outcome(SealedColumn column, long checked, long rewrapped, long unreadable, long changedMeanwhile) {

        @Override
        public String toString() {
            return column + ": " + rewrapped + " re-encrypted under the current key, " + unreadable
                    + " unreadable under every configured key, " + changedMeanwhile + " changed by another writer meanwhile ("
                    + checked + " sealed values read)";
        }
    }

    public List<Outcome> rewrapAll() {
        return SealedColumn.ALL.stream().map(this::rewrap).toList();
    }

    Outcome rewrap(SealedColumn column) {
        String select = "select " + column.key() + " as k, " + column.value() + " as v from " + column.table()
                + " where (" + column.sealedRows() + ")";
        String order = " order by " + column.key() + " limit " + batchSize;
        long checked = 0;
        long rewrapped = 0;
        long unreadable = 0;
        long changedMeanwhile = 0;
        Object after = null;
        while (true) {
            List<Row> batch = (after == null ? jdbc.sql(select + order)
                    : jdbc.sql(select + " and " + column.key() + " > ?" + order).param(after))
                    .query((rs, n) -> new Row(rs.getObject("k"), rs.getString("v"))).list();
            for (Row row : batch) {
                checked++;
                Optional<String> moved;
                try {
                    moved = cipher.rewrapped(column.form().sealed(row.value()));
                } catch (SecretCipher.Unreadable e) {
                    unreadable++;
                    log.warn("{} of row {} opens under no configured secrets key; left as it is", column, row.key());
                    continue;
                }
                if (moved.isPresent()) {
                    int written = jdbc.sql(column.update())
                            .params(column.form().stored(moved.get()), row.key(), row.value()).update();
                    if (written == 1) {
                        rewrapped++;
                    } else {
                        changedMeanwhile++;
                    }
                }
            }
            if (batch.size() < batchSize) {
                return new Outcome(column, checked, rewrapped, unreadable, changedMeanwhile);
            }
            after = batch.getLast().key();
        }
    }

    private record Row(Object key, String value) {
    }
}
