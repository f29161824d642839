package com.paywire.simulator;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;

/**
 * The {@value #NAME} transformer: a mapping that names it instead of {@code response-template} has its body
 * rendered by a {@link FastTemplate}, compiled once per body text, where WireMock's templating ran its template
 * engine on every request. The simulator's busiest answers (a payout accepted, a prompt sent) use it.
 */
final class FastTemplating implements ResponseDefinitionTransformerV2 {

    static final String NAME = "fast-template";

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public boolean applyGlobally() {
        return false;
    }

    @Override
    public ResponseDefinition transform(ServeEvent serveEvent) {
        ResponseDefinition answer = serveEvent.getResponseDefinition();
        FastTemplate body = FastTemplate.of(answer.getBody());
        String rendered = body.render(RequestFields.read(serveEvent.getRequest().getBody(), body.fieldNames()));
        return ResponseDefinitionBuilder.like(answer).but().withBody(rendered).build();
    }
}
