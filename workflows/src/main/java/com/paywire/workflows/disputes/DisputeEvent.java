package com.paywire.workflows.disputes;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.vocabulary.cards.DisputeStatus;
import tools.jackson.databind.json.JsonMapper;

/** The data of dispute.created, dispute.won and dispute.lost, in the card API's casing. */
public record DisputeEvent(@JsonProperty("DisputeId") String disputeId,
                           @JsonProperty("ProcessorDisputeId") String processorDisputeId,
                           @JsonProperty("CaptureId") String captureId,
                           @JsonProperty("Status") DisputeStatus status,
                           @JsonProperty("Accepted") boolean accepted,
                           @JsonProperty("Amount") String amount,
                           @JsonProperty("Currency") String currency,
                           @JsonProperty("Fee") String fee,
                           @JsonProperty("Reason") String reason,
                           @JsonProperty("EvidenceDueBy") String evidenceDueBy) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    public String json() {
        return JSON.writeValueAsString(this);
    }
}
