package com.paywire.persistence.bills;

import com.paywire.vocabulary.bills.BillService;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The bill services catalogue. */
@Repository
public class BillServiceStore {

    private final JdbcClient jdbc;

    public BillServiceStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<BillService> all() {
        return jdbc.sql("select * from bill_services order by service_category, service_type")
                .query(BillServiceStore::service).list();
    }

    public Optional<BillService> find(UUID id) {
        return jdbc.sql("select * from bill_services where id = ?").param(id).query(BillServiceStore::service).optional();
    }

    public Optional<BillService> findByType(int serviceType) {
        return jdbc.sql("select * from bill_services where service_type = ?").param(serviceType)
                .query(BillServiceStore::service).optional();
    }

    public Optional<BillService> findByCode(String serviceCode) {
        return jdbc.sql("select * from bill_services where upper(service_code) = upper(?)").param(serviceCode)
                .query(BillServiceStore::service).optional();
    }

    private static BillService service(ResultSet rs, int row) throws SQLException {
        return new BillService(rs.getObject("id", UUID.class), rs.getInt("service_type"), rs.getString("service_code"),
                rs.getString("name"), rs.getInt("service_category"), rs.getInt("country_id"), rs.getInt("currency_id"),
                rs.getBigDecimal("min_amount"), rs.getBigDecimal("max_amount"), rs.getBoolean("enabled"),
                rs.getString("image"), rs.getBoolean("validate_account_enabled"), rs.getBoolean("prepaid"));
    }
}
