package com.paywire.api.bills;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.platform.AcceptedMessage;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The bill answer's message is the shared accepted message with the bill's fields after it: one flat object in
 * the order docs/interface.md#bills gives, not a nested "accepted" object.
 */
class BillPaymentsMessageTest {

    @Test
    void theAcceptedFieldsComeFirstAndFlat() {
        OffsetDateTime now = OffsetDateTime.of(2026, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC);
        var message = new BillPaymentsController.Message(
                new AcceptedMessage("sandbox", "Account validated", "o-1", "s-1", now),
                now, new BigDecimal("12.50"), "KES", "Jane", true, "0", "Account is active");

        JsonNode json = JsonMapper.builder().build().valueToTree(new BillPaymentsController.Answer(message));

        assertThat(new ArrayList<>(json.get("message").propertyNames())).containsExactly("appDomainName", "remarks",
                "originatorConversationId", "systemConversationId", "timestamp", "dueDate", "dueAmount", "currency",
                "accountCustomerName", "active", "statusCode", "statusDescription");
        assertThat(json.get("message").get("remarks").asString()).isEqualTo("Account validated");
        assertThat(json.get("message").get("dueAmount").decimalValue()).isEqualByComparingTo("12.50");
    }
}
