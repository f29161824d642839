package com.paywire.bench;

/**
 * Express deposits (the phone prompt, STK push) through the REST API: a closed loop by C clients, each deposit
 * prompting the simulator's benchmark phone, which pays at once; until every deposit is final in the read model.
 */
final class DepositLoad {

    /** The sandbox client's short code, which its deposits credit. */
    private static final String SANDBOX_SHORT_CODE = "174379";
    /** The benchmark's phone: the simulator accepts the prompt and calls back paid at once (docs/sandbox.md). */
    static final String INSTANT_PHONE = "254799000000";

    private final BenchApi api;
    private final String jdbcUrl;

    DepositLoad(BenchApi api, String jdbcUrl) {
        this.api = api;
        this.jdbcUrl = jdbcUrl;
    }

    /** N deposits by C clients; no callback URL, so that no webhook is delivered (the read model is what counts). */
    ClosedLoop.Result run(String phase, int deposits, int clients) throws Exception {
        return ClosedLoop.run(api, deposits, clients, (token, n) -> api.post("/v1/express-deposit", token, """
                {"ShortCode":"%s","Amount":"10","PhoneNumber":"%s","TransactionDesc":"bench",
                 "OriginatorConversationId":"bench-deposit-%s-%d"}""".formatted(SANDBOX_SHORT_CODE, INSTANT_PHONE,
                phase, n)), accepted -> ClosedLoop.awaitCount(jdbcUrl,
                "select count(*) from express_deposits where originator_conversation_id like ? and status <> 'PENDING'",
                "bench-deposit-" + phase + "-%", accepted));
    }
}
