package com.paywire.domain.collections;

import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Movement;
import java.math.BigDecimal;

/**
 * A phone prompt's money as the ledger keys it ({@code deposit:{id}}): the deposit's amount, by the mobile-money
 * rail, with no fee. Its hold while the prompt is out, its credit, a checkout attempt's hold for its order and what
 * is owed back of it all move this.
 */
public final class PromptMoney {

    private PromptMoney() {
    }

    public static Movement of(Deposit deposit) {
        return new Movement(Product.PHONE_PROMPT, deposit.id().toString(), deposit.clientId(),
                Rail.MOBILE_MONEY, deposit.amount(), BigDecimal.ZERO);
    }
}
