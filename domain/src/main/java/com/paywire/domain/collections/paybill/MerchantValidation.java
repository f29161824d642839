package com.paywire.domain.collections.paybill;

import com.paywire.domain.notifications.CallbackSecrets;
import com.paywire.domain.notifications.PaywireSignature;
import com.paywire.domain.platform.WallClock;
import com.paywire.domain.rails.mobilemoney.C2bProtocol.Answer;
import com.paywire.domain.rails.mobilemoney.C2bProtocol.Notification;
import com.paywire.persistence.notifications.UrlPolicy;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Asks a client's validation URL whether it takes a paybill deposit, before Paywire answers the rail's validation.
 * The request is signed as the client's callbacks are ({@code Paywire-Signature}, its callback secret) and carries
 * the deposit as the client will see it; the client answers in the rail's own shape, {@code {"ResultCode": 0}} to
 * accept or one of the rail's C2B codes to refuse. The rail waits only a few seconds, so the client gets
 * {@link #WAIT} at most; a client that does not answer in time, answers other than 2xx or answers something
 * unreadable is taken to accept ({@link #DEFAULT}): Paywire's own checks have passed, and the money would be its.
 * The API alone asks (IntakeConfiguration imports it).
 */
public final class MerchantValidation {

    /** The whole of the client's time, connection included: the rail's few seconds less Paywire's own reads. */
    public static final Duration WAIT = Duration.ofSeconds(2);
    /** What a client that does not answer in time, or answers nothing readable, is taken to say. */
    public static final Answer DEFAULT = Answer.ACCEPTED;
    private static final Logger log = LoggerFactory.getLogger(MerchantValidation.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final UrlPolicy urlPolicy;
    private final CallbackSecrets callbackSecrets;
    private final Clock wallClock;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(WAIT)
            .followRedirects(HttpClient.Redirect.NEVER).build();

    MerchantValidation(UrlPolicy urlPolicy, CallbackSecrets callbackSecrets, @WallClock Clock wallClock) {
        this.urlPolicy = urlPolicy;
        this.callbackSecrets = callbackSecrets;
        this.wallClock = wallClock;
    }

    /** The client's verdict on the payment, or {@link #DEFAULT} when it gives none in time. */
    public Answer ask(String clientId, String validationUrl, Notification payment, String clientReference) {
        // checked again when asked: the address the name resolves to now must still be one Paywire may call
        Optional<String> refusal = urlPolicy.refusal(validationUrl);
        if (refusal.isPresent()) {
            log.warn("Client {}'s paybill validation URL {}: not asked, {}", clientId, validationUrl, refusal.get());
            return DEFAULT;
        }
        Optional<String> secret = callbackSecrets.find(clientId);
        if (secret.isEmpty()) { // nothing to sign with: a request it could not check is not sent
            log.warn("Client {} has no callback secret: its paybill validation URL not asked, taken as {}", clientId,
                    DEFAULT);
            return DEFAULT;
        }
        String body = JSON.writeValueAsString(request(payment, clientReference));
        HttpRequest request = HttpRequest.newBuilder(URI.create(validationUrl)).timeout(WAIT)
                .header("Content-Type", "application/json").header("User-Agent", "Paywire-Webhooks/1")
                .header(PaywireSignature.HEADER, PaywireSignature.header(wallClock.instant().getEpochSecond(), body,
                        secret.get()))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        try {
            HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() / 100 != 2) {
                log.warn("Client {}'s paybill validation URL answered {}: taken as {}", clientId,
                        answer.statusCode(), DEFAULT);
                return DEFAULT;
            }
            return verdict(answer.body()).orElseGet(() -> {
                log.warn("Client {}'s paybill validation URL answered no ResultCode: taken as {}", clientId, DEFAULT);
                return DEFAULT;
            });
        } catch (IOException | IllegalArgumentException silent) {
            log.warn("Client {}'s paybill validation URL did not answer in {}: taken as {} ({})", clientId, WAIT,
                    DEFAULT, silent.toString());
            return DEFAULT;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return DEFAULT;
        }
    }

    /** What the client is sent: the deposit as it will see it, before it is paid. */
    static Map<String, Object> request(Notification payment, String clientReference) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("receiptNumber", payment.receiptNumber());
        body.put("shortCode", payment.shortCode());
        body.put("accountNo", payment.accountReference());
        body.put("accountReference", clientReference);
        body.put("amount", payment.amount());
        body.put("phoneNumber", PaybillDepositView.maskedPhone(payment.phoneNumber()));
        body.put("transactionTime", payment.transactionTime().withOffsetSameInstant(ZoneOffset.UTC).toString());
        return body;
    }

    /** {@code ResultCode} 0 accepts; one of the rail's refusal codes refuses with it; any other refuses as an account. */
    static Optional<Answer> verdict(String body) {
        try {
            JsonNode code = JSON.readTree(body).get("ResultCode");
            if (code == null || !(code.isString() || code.isIntegralNumber())) {
                return Optional.empty();
            }
            String text = code.asString();
            if ("0".equals(text)) {
                return Optional.of(Answer.ACCEPTED);
            }
            return Optional.of(Arrays.stream(Answer.values()).filter(a -> a.code().equals(text)).findFirst()
                    .orElse(Answer.INVALID_ACCOUNT));
        } catch (JacksonException | UnsupportedOperationException notJson) {
            return Optional.empty();
        }
    }
}
