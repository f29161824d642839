package com.paywire.workflows;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.operatorservice.v1.AddSearchAttributesRequest;
import io.temporal.common.SearchAttributeKey;
import io.temporal.serviceclient.OperatorServiceStubs;
import io.temporal.serviceclient.OperatorServiceStubsOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.util.concurrent.TimeUnit;

/**
 * Registers {@link PaymentSearchAttributes} with the Temporal service through its operator service, on the
 * connection the process already has. The dev service allows it; a real cluster may refuse a worker's or the API's
 * credentials, and is then set up by its operators ({@code temporal operator search-attribute create}, see
 * docs/operations.md). A workflow started with an attribute the namespace does not know is refused, so the
 * attributes must exist before the first payment either way.
 */
public final class SearchAttributeRegistration {

    private static final long CALL_TIMEOUT_SECONDS = 10;

    /** How a registration went. */
    public enum Outcome {
        /** Every attribute exists now (some may have existed before). */
        REGISTERED,
        /** The service would not let this process add them: its operators must. */
        REFUSED,
        /** The service could not be reached: try again later. */
        UNREACHABLE
    }

    private SearchAttributeRegistration() {
    }

    public static Outcome register(WorkflowServiceStubs stubs, String namespace) {
        // the raw channel, with the credentials (an API key) the stubs add to their own calls
        OperatorServiceStubs operator = OperatorServiceStubs.newServiceStubs(OperatorServiceStubsOptions.newBuilder()
                .setChannel(stubs.getRawChannel())
                .setGrpcMetadataProviders(stubs.getOptions().getGrpcMetadataProviders())
                .validateAndBuildWithDefaults());
        try {
            // one call per attribute: a service may refuse a whole request when any one of it exists already
            for (SearchAttributeKey<String> key : PaymentSearchAttributes.KEYS) {
                Outcome outcome = add(operator, namespace, key);
                if (outcome != Outcome.REGISTERED) {
                    return outcome;
                }
            }
            return Outcome.REGISTERED;
        } finally {
            operator.shutdown(); // the channel is the caller's: shutting these stubs down leaves it open
        }
    }

    private static Outcome add(OperatorServiceStubs operator, String namespace, SearchAttributeKey<String> key) {
        try {
            operator.blockingStub().withDeadlineAfter(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    .addSearchAttributes(AddSearchAttributesRequest.newBuilder()
                            .setNamespace(namespace)
                            .putSearchAttributes(key.getName(), key.getValueType())
                            .build());
            return Outcome.REGISTERED;
        } catch (StatusRuntimeException e) {
            Status.Code code = e.getStatus().getCode();
            return switch (code) {
                case ALREADY_EXISTS -> Outcome.REGISTERED;
                case UNAVAILABLE, DEADLINE_EXCEEDED -> Outcome.UNREACHABLE;
                case PERMISSION_DENIED, UNAUTHENTICATED, UNIMPLEMENTED -> Outcome.REFUSED;
                default -> throw e;
            };
        }
    }
}
