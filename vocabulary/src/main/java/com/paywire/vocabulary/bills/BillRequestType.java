package com.paywire.vocabulary.bills;

import com.paywire.vocabulary.Coded;
import java.util.Arrays;
import java.util.Optional;

/** What a bill request asks (its {@code transactionType}; docs/interface.md#bills). */
public enum BillRequestType implements Coded {
    /** What the biller says is due on the account: answered at once. */
    QUERY(1),
    /** A payment: recorded and handed to its workflow; a bill payment's record answers with this code. */
    PAY(2),
    /** Whether the biller knows the account: answered at once. */
    VALIDATE(3);

    private final int code;

    BillRequestType(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    public static BillRequestType of(int code) {
        return Coded.of(BillRequestType.class, code);
    }

    /** The type a client's request names; empty when it names none of them. */
    public static Optional<BillRequestType> requested(Integer code) {
        return code == null ? Optional.empty()
                : Arrays.stream(values()).filter(type -> type.code() == code).findFirst();
    }
}
