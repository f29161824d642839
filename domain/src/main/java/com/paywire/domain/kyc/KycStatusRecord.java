package com.paywire.domain.kyc;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.vocabulary.lookups.KycPersonalData;
import com.paywire.vocabulary.lookups.KycRequest;
import com.paywire.vocabulary.lookups.KycResponseCode;
import com.paywire.vocabulary.lookups.KycStatus;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * A KYC request's status record (docs/interface.md#kyc), the same in the status query and the callback.
 * {@code status} says where the request is ({@link KycStatus}); what the registry's answer means is in
 * {@code kycRecordDto.responseCode} ({@link KycResponseCode}).
 */
public record KycStatusRecord(
        @Schema(description = "the request's status code")
        String status,
        @Schema(description = "the request's status in words")
        String statusDesc,
        @Schema(description = "the request's systemTraceAuditNumber")
        String systemTraceAuditNumber,
        @Schema(description = "what the registry said")
        KycRecord kycRecordDto) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * @param status                   0 Pending, 2 Failed, 4 Completed
     * @param nameMatch                per field: MATCHED, MISMATCHED or NOT_PROVIDED
     * @param personalDataErased       true once the retention has ended: names and ID are gone
     */
    public record KycRecord(
            @Schema(description = "the request's status code")
            int status,
            @Schema(description = "the registry's verdict code; null until it answers")
            String responseCode,
            @Schema(description = "the verdict in words")
            String responseCodeDesc,
            @Schema(description = "the first name sent")
            String kycRequestFirstName,
            @Schema(description = "the middle name sent")
            String kycRequestMiddleName,
            @Schema(description = "the last name sent")
            String kycRequestLastName,
            @Schema(description = "the other names sent")
            String kycRequestOtherNames,
            @Schema(description = "the names sent, together")
            String kycRequestFullNames,
            @Schema(description = "the national identity number sent")
            @JsonProperty("kycRequestNationalID") String kycRequestNationalId,
            @Schema(description = "the mobile number sent")
            String kycRequestTelephoneMobile,
            @Schema(description = "the reason code sent")
            int kycRequestReportReason,
            @Schema(description = "the callback URL sent")
            @JsonProperty("kycRequestCallBackURL") String kycRequestCallBackUrl,
            @Schema(description = "the national identity number the registry found")
            @JsonProperty("personalProfileNationalID") String personalProfileNationalId,
            @Schema(description = "for each name sent, whether it matches the registry's")
            Map<String, String> nameMatch,
            @Schema(description = "when the request was received")
            OffsetDateTime createdDate,
            @Schema(description = "when the registry answered; null until then")
            OffsetDateTime completedDate,
            @Schema(description = "true once the personal data has been erased (the names and numbers are then null)")
            boolean personalDataErased) {
    }

    public static KycStatusRecord of(KycRequest request) {
        KycPersonalData person = request.personal();
        boolean erased = person == null;
        String nationalId = erased ? request.nationalIdHint() : person.nationalId();
        KycResponseCode responseCode = request.responseCode();
        KycRecord record = new KycRecord(request.status().code(), responseCode == null ? null : responseCode.code(),
                request.responseDesc(), erased ? null : person.firstName(), erased ? null : person.middleName(),
                erased ? null : person.lastName(), erased ? null : person.otherNames(),
                erased ? null : fullNames(person), nationalId, erased ? null : person.telephoneMobile(),
                request.reportReason(), request.callbackUrl(), erased ? null : person.registryNationalId(),
                nameMatch(request.nameMatchJson()), request.createdAt(), request.completedAt(), erased);
        KycStatus status = KycStatus.of(request.status());
        return new KycStatusRecord(status.code(), status.description(), request.systemTraceAuditNumber(), record);
    }

    public String toJson() {
        return JSON.writeValueAsString(this);
    }

    private static String fullNames(KycPersonalData person) {
        return Arrays.stream(new String[] {person.firstName(), person.middleName(), person.lastName(),
                person.otherNames()}).filter(Objects::nonNull).collect(Collectors.joining(" "));
    }

    private static Map<String, String> nameMatch(String json) {
        return json == null ? null : JSON.readValue(json, new TypeReference<Map<String, String>>() { });
    }
}
