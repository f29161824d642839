package com.paywire.workflows.settlements;

import java.time.Duration;

/** @param window how long the registry may be away (retried) before the check answers UNAVAILABLE */
public record AccountCheckCommand(String checkId, String bankCode, String accountNumber, String accountName,
                                  Duration window) {
}
