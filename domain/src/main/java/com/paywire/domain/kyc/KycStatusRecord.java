package com.paywire.domain.kyc;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.persistence.kyc.KycPersonalData;
import com.paywire.persistence.kyc.KycRequest;
import com.paywire.vocabulary.lookups.KycResponseCode;
import com.paywire.vocabulary.lookups.KycStatus;
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
public record KycStatusRecord(String status, String statusDesc, String systemTraceAuditNumber,
                              KycRecord kycRecordDto) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * @param status                   0 Pending, 2 Failed, 4 Completed
     * @param nameMatch                per field: MATCHED, MISMATCHED or NOT_PROVIDED
     * @param personalDataErased       true once the retention has ended: names and ID are gone
     */
    public record KycRecord(int status, String responseCode, String responseCodeDesc, String kycRequestFirstName,
                            String kycRequestMiddleName, String kycRequestLastName, String kycRequestOtherNames,
                            String kycRequestFullNames,
                            @JsonProperty("kycRequestNationalID") String kycRequestNationalId,
                            String kycRequestTelephoneMobile, int kycRequestReportReason,
                            @JsonProperty("kycRequestCallBackURL") String kycRequestCallBackUrl,
                            @JsonProperty("personalProfileNationalID") String personalProfileNationalId,
                            Map<String, String> nameMatch, OffsetDateTime createdDate, OffsetDateTime completedDate,
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
