package com.paywire.workflows.settlements;

import com.paywire.workflows.payouts.PayoutLineCommand;

/**
 * The hold of a settlement's amount on the utility account, before the bank is asked.
 *
 * @param payout what the bank rail is sent when held (reference: the settlement's id); null when not held
 * @param resultCode        why it was not held (the settlement is then failed), null when held
 * @param resultDescription the same in words
 */
public record SettlementHold(boolean held, PayoutLineCommand payout, String resultCode, String resultDescription) {
}
