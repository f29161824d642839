package com.paywire.infra.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.domain.observability.PaywireMeters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What Prometheus scrapes from each role of the local stack after a payout, and the dashboard and alert rules of
 * infra/deploy that read it: both have the shape their tool loads, and every series they name is one a role serves,
 * so that renaming a metric breaks the build rather than a dashboard.
 */
class MetricsEndToEndTest {

    static final Path DEPLOY = Path.of("deploy");
    static final Pattern METRIC_NAME = Pattern.compile("\\b(?:paywire|temporal)_[a-z0-9_]+\\b");
    static final String MOBILE_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";
    static final JsonMapper JSON = JsonMapper.builder().build();

    static RestClient http;
    static String token;
    /** The names of the series each role serves. */
    static Set<String> apiSeries;
    static Set<String> workerSeries;

    @BeforeAll
    static void aPayoutThenAScrapeOfEachRole() throws InterruptedException {
        http = RunningLocalStack.http();
        token = RunningLocalStack.sandboxToken(http);
        String operator = RunningLocalStack.operatorToken(http);
        String ocid = "metrics-" + UUID.randomUUID();
        var accepted = http.post().uri("/v1/payment-order/new-order").header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body("""
                        {"originatorConversationId":"%s","paymentOrderLines":[{
                          "recipient":{"name":"Jane Doe","mccmnc":"63902","primaryAccountNumber":"+254712345678",
                                       "ccy":404,"country":"KE"},
                          "transaction":{"routeId":"%s","ChannelType":1,"amount":150,"reference":"metrics",
                                         "systemTraceAuditNumber":"%s"}}]}""".formatted(ocid, MOBILE_ROUTE,
                        UUID.randomUUID())).retrieve().toEntity(JsonNode.class);
        assertThat(accepted.getStatusCode().value()).as("%s", accepted.getBody()).isEqualTo(200);
        // a registry that is down, so that activities fail (and are retried) while the metrics are read
        var kyc = http.post().uri("/v1/kyc-request/validate").header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body("""
                        {"routeId":"7084d9cf-08ba-491b-ab39-de9db5ee59d2","kycRequestFirstName":"John",
                         "kycRequestLastName":"Mwangi","kycRequestNationalID":"15000000",
                         "kycRequestDateOfBirth":"1990-05-14","kycRequestReportReason":1,"systemTraceAuditNumber":"%s",
                         "country":"KE","ccy":404}""".formatted(UUID.randomUUID())).retrieve().toEntity(JsonNode.class);
        assertThat(kyc.getStatusCode().value()).as("%s", kyc.getBody()).isEqualTo(200);
        // the SDK reports every few seconds: wait until both roles show what the payout did
        long giveUp = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        do {
            Thread.sleep(1000);
            apiSeries = seriesNames(http.get().uri("/actuator/prometheus")
                    .header(HttpHeaders.AUTHORIZATION, "Bearer " + operator).retrieve().body(String.class));
            workerSeries = seriesNames(worker().get().uri("/actuator/prometheus").retrieve().body(String.class));
        } while (!(workerSeries.contains("paywire_payments_finished_total")
                && workerSeries.contains("temporal_activity_schedule_to_start_latency_seconds_bucket")
                && workerSeries.contains("temporal_activity_execution_failed_total")
                && apiSeries.contains("paywire_payments_accepted_total")) && System.nanoTime() < giveUp);
    }

    @Test
    void givenAPayout_eachRoleShouldServeTheSdksSeriesAndPaywiresOwn() {
        assertThat(apiSeries).contains("paywire_payments_accepted_total", "paywire_auth_throttled_total",
                "paywire_holds_outstanding").anyMatch(name -> name.startsWith("temporal_"));
        assertThat(workerSeries).contains("paywire_payments_finished_total",
                "paywire_payments_accept_to_final_seconds_bucket", "paywire_rail_calls_seconds_bucket",
                "paywire_deliveries_finished_total", "temporal_workflow_task_schedule_to_start_latency_seconds_bucket",
                "temporal_activity_schedule_to_start_latency_seconds_bucket", "temporal_sticky_cache_size");
    }

    @Test
    void theWorkerShouldAnswerItsProbesOnItsManagementPort() {
        for (String probe : List.of("/actuator/health/liveness", "/actuator/health/readiness")) {
            assertThat(worker().get().uri(probe).retrieve().body(JsonNode.class).get("status").asString())
                    .as(probe).isEqualTo("UP");
        }
    }

    @Test
    void theDashboardShouldHaveGrafanasShape_andReadOnlySeriesTheRolesServe() throws IOException {
        JsonNode dashboard = JSON.readTree(Files.readString(DEPLOY.resolve("grafana/dashboards/paywire.json")));
        assertThat(dashboard.get("uid").asString()).isNotBlank();
        assertThat(dashboard.get("title").asString()).isEqualTo("Paywire");
        assertThat(dashboard.get("schemaVersion").asInt()).isPositive();
        List<String> expressions = new java.util.ArrayList<>();
        Set<Integer> ids = new TreeSet<>();
        for (JsonNode panel : dashboard.get("panels")) {
            assertThat(ids.add(panel.get("id").asInt())).as("panel ids are unique").isTrue();
            assertThat(panel.get("gridPos").propertyNames()).contains("x", "y", "w", "h");
            if (!"row".equals(panel.get("type").asString())) {
                assertThat(panel.get("datasource").get("uid").asString()).isEqualTo("prometheus");
                assertThat(panel.get("targets")).as(panel.get("title").asString()).isNotEmpty();
                panel.get("targets").forEach(target -> expressions.add(target.get("expr").asString()));
            }
        }
        assertThat(expressions).hasSizeGreaterThan(10);
        assertServed(expressions);
    }

    @Test
    @SuppressWarnings("unchecked")
    void theAlertRulesShouldHavePrometheusShape_andReadOnlySeriesTheRolesServe() throws IOException {
        Map<String, Object> rules = new Yaml().load(Files.readString(DEPLOY.resolve("prometheus/alerts.yml")));
        List<Map<String, Object>> groups = (List<Map<String, Object>>) rules.get("groups");
        assertThat(groups).isNotEmpty();
        List<String> expressions = new java.util.ArrayList<>();
        for (Map<String, Object> group : groups) {
            assertThat(group).containsKeys("name", "rules");
            for (Map<String, Object> rule : (List<Map<String, Object>>) group.get("rules")) {
                assertThat(rule).containsKeys("alert", "expr", "annotations");
                assertThat((Map<String, Object>) rule.get("annotations")).containsKeys("summary", "description");
                expressions.add((String) rule.get("expr"));
            }
        }
        assertThat(expressions).hasSize(5);
        assertServed(expressions);

        Map<String, Object> scrape = new Yaml().load(Files.readString(DEPLOY.resolve("prometheus/prometheus.yml")));
        assertThat((List<String>) scrape.get("rule_files")).containsExactly("/etc/prometheus/alerts.yml");
        assertThat((List<Map<String, Object>>) scrape.get("scrape_configs")).extracting(job -> job.get("job_name"))
                .containsExactly("paywire-api", "paywire-worker");
    }

    @Test
    void everyPaywireMeterShouldBeOnTheDashboard() throws IOException {
        String dashboard = Files.readString(DEPLOY.resolve("grafana/dashboards/paywire.json"));
        for (String meter : PaywireMeters.ALL) {
            assertThat(dashboard).as(meter).contains(meter.replace('.', '_'));
        }
    }

    private static void assertServed(List<String> expressions) {
        Set<String> named = new TreeSet<>();
        for (String expression : expressions) {
            Matcher names = METRIC_NAME.matcher(expression);
            while (names.find()) {
                named.add(names.group());
            }
        }
        assertThat(named).isNotEmpty();
        Predicate<String> served = name -> apiSeries.contains(name) || workerSeries.contains(name);
        assertThat(named).allSatisfy(name -> assertThat(served).as("%s is served by a role", name).accepts(name));
    }

    /** The names of the series in a Prometheus text exposition. */
    private static Set<String> seriesNames(String exposition) {
        return exposition.lines().filter(line -> !line.startsWith("#") && !line.isBlank())
                .map(line -> line.split("[{ ]", 2)[0]).collect(Collectors.toCollection(TreeSet::new));
    }

    private static RestClient worker() {
        return RestClient.create(RunningLocalStack.get().workerManagementUrl());
    }
}
