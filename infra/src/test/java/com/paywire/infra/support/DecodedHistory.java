package com.paywire.infra.support;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.temporal.api.common.v1.Payload;
import io.temporal.api.history.v1.History;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.payload.codec.PayloadCodec;
import java.util.List;

/**
 * A workflow's history as the replay tests keep it: each payload decoded, as a history recorded before payloads
 * were encrypted. Kept so, it stays readable in review and replays under any key.
 */
public final class DecodedHistory {

    private DecodedHistory() {
    }

    public static WorkflowExecutionHistory of(WorkflowExecutionHistory history, PayloadCodec codec) {
        History decoded = (History) decoded(history.getHistory(), codec);
        return new WorkflowExecutionHistory(decoded, history.getWorkflowExecution().getWorkflowId());
    }

    /** Every payload anywhere in the message (inputs, results, markers, memos, headers, failures) decoded. */
    private static Message decoded(Message message, PayloadCodec codec) {
        if (message instanceof Payload payload) {
            return codec.decode(List.of(payload)).getFirst();
        }
        Message.Builder builder = message.toBuilder();
        message.getAllFields().forEach((field, value) -> {
            if (field.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
                return;
            }
            if (field.isRepeated()) {
                List<?> values = (List<?>) value;
                for (int i = 0; i < values.size(); i++) {
                    builder.setRepeatedField(field, i, decoded((Message) values.get(i), codec));
                }
            } else {
                builder.setField(field, decoded((Message) value, codec));
            }
        });
        return builder.build();
    }
}
