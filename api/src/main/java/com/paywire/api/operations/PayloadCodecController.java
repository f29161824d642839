package com.paywire.api.operations;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.platform.TemporalProperties;
import io.swagger.v3.oas.annotations.Hidden;
import io.temporal.api.common.v1.Payload;
import io.temporal.api.common.v1.Payloads;
import io.temporal.payload.codec.PayloadCodec;
import io.temporal.payload.codec.PayloadCodecException;
import java.util.List;
import java.util.function.UnaryOperator;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Temporal's remote data encoder (a "codec server"): an operator's Temporal UI or CLI sends the encrypted payloads
 * it shows to {@code POST /codec/decode} and gets them decoded, through the codec the API's and the workers'
 * clients use; {@code POST /codec/encode} encodes what the UI sends to a workflow. Body and answer are
 * {@code {"payloads":[...]}} in protobuf's JSON form (metadata values and data in base64). Outside the client API:
 * operators only (the operations scope), for Paywire's namespace only ({@code X-Namespace}, which the UI and CLI
 * send); {@link CodecCors} lets the Temporal UI's pages call it.
 */
@RestController
@RequestMapping("/codec")
@Hidden
@RequiresScope(Scope.OPERATIONS)
class PayloadCodecController {

    static final String NAMESPACE_HEADER = "X-Namespace";
    private static final JsonFormat.Parser PARSER = JsonFormat.parser();
    private static final JsonFormat.Printer PRINTER = JsonFormat.printer().omittingInsignificantWhitespace();

    private final PayloadCodec codec;
    private final String namespace;

    PayloadCodecController(PayloadCodec codec, TemporalProperties temporal) {
        this.codec = codec;
        this.namespace = temporal.namespace();
    }

    @PostMapping(path = "/decode", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<String> decode(@RequestHeader(value = NAMESPACE_HEADER, required = false) String requested,
                                  @RequestBody String body) {
        return coded(requested, body, codec::decode);
    }

    @PostMapping(path = "/encode", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<String> encode(@RequestHeader(value = NAMESPACE_HEADER, required = false) String requested,
                                  @RequestBody String body) {
        return coded(requested, body, codec::encode);
    }

    private ResponseEntity<String> coded(String requestedNamespace, String body, UnaryOperator<List<Payload>> coding) {
        if (requestedNamespace != null && !requestedNamespace.equals(namespace)) {
            // another namespace's payloads were not encoded with Paywire's keys
            throw InvalidInputException.of(null, NAMESPACE_HEADER,
                    "This codec serves the namespace '" + namespace + "' only.");
        }
        Payloads.Builder payloads = Payloads.newBuilder();
        try {
            PARSER.merge(body, payloads);
        } catch (InvalidProtocolBufferException notPayloads) {
            throw InvalidInputException.of(null, "payloads", "The body must be {\"payloads\":[...]} in protobuf's "
                    + "JSON form, each payload's metadata values and data in base64.");
        }
        List<Payload> coded;
        try {
            coded = coding.apply(payloads.getPayloadsList());
        } catch (PayloadCodecException undecodable) {
            throw InvalidInputException.of(null, "payloads", undecodable.getMessage());
        }
        try {
            return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON)
                    .body(PRINTER.print(Payloads.newBuilder().addAllPayloads(coded)));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("payloads always print as JSON", e);
        }
    }
}
