package com.paywire.api.health;

import com.paywire.domain.platform.PlatformProbes;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "Platform")
class HealthCheckController {

    private final PlatformProbes probes;

    HealthCheckController(PlatformProbes probes) {
        this.probes = probes;
    }

    @Operation(summary = "Health Check: Healthy when PostgreSQL and Temporal answer, else 503 Unhealthy")
    @GetMapping(path = "/api_health_check", produces = MediaType.TEXT_PLAIN_VALUE)
    ResponseEntity<String> healthCheck() {
        boolean healthy = probes.databaseAnswers() & probes.temporalAnswers(); // run both: each logs what is down
        return healthy ? ResponseEntity.ok("Healthy")
                : ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body("Unhealthy");
    }
}
