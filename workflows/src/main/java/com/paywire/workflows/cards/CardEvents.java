package com.paywire.workflows.cards;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.vocabulary.cards.CardTransactionStatus;
import tools.jackson.databind.json.JsonMapper;

/** The data of the card events, as clients receive them. */
public final class CardEvents {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private CardEvents() {
    }

    /** payment.authorised, payment.captured, payment.voided, payment.refund_*: one transaction of an authorisation. */
    public record CardTransactionEvent(@JsonProperty("AuthorisationId") String authorisationId,
                                       @JsonProperty("TransactionId") String transactionId,
                                       @JsonProperty("OrderId") String orderId,
                                       @JsonProperty("Status") CardTransactionStatus status,
                                       @JsonProperty("Amount") String amount,
                                       @JsonProperty("Currency") String currency) {
    }

    /** fraud.rejected (AuthorisationId only when an authorisation asked for the screen). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FraudRejected(@JsonProperty("FraudScreenId") String fraudScreenId,
                                @JsonProperty("AuthorisationId") String authorisationId,
                                @JsonProperty("Reasons") String reasons) {

        public static FraudRejected of(FraudDecision decision, String authorisationId) {
            return new FraudRejected(decision.id(), authorisationId, String.join(",", decision.reasons()));
        }
    }

    public static String json(Object data) {
        return JSON.writeValueAsString(data);
    }
}
