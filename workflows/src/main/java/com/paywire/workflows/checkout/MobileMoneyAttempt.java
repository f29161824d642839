package com.paywire.workflows.checkout;

/**
 * The payer's attempt to pay by a prompt on their phone.
 *
 * @param attemptId   unique per attempt: the originatorConversationId of the express deposit it becomes
 * @param phoneNumber a Kenyan mobile number in international form without the plus (2547…, 2541…)
 */
public record MobileMoneyAttempt(String attemptId, String phoneNumber) {
}
