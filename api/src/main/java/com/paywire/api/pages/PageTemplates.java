package com.paywire.api.pages;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import org.springframework.stereotype.Component;
import org.thymeleaf.ITemplateEngine;
import org.thymeleaf.context.Context;

/**
 * Renders the hosted pages from the Thymeleaf templates under {@code resources/templates}: each page's template
 * fills the one layout ({@code layout.html}), and every value reaches the HTML through {@code th:text} or an
 * attribute, so it is escaped. Pages go out through {@link HostedPages} for their headers.
 */
@Component
public class PageTemplates {

    /** What the templates call to format values, as {@code ${format.kes(amount)}}. */
    public static final class Format {

        private Format() {
        }

        public String kes(BigDecimal amount) {
            return "KES " + String.format("%,.2f", amount);
        }
    }

    private static final Format FORMAT = new Format();

    private final ITemplateEngine engine;

    PageTemplates(ITemplateEngine engine) {
        this.engine = engine;
    }

    /** The page {@code template} (its path under templates, without ".html") with {@code model} as its variables. */
    public String render(String template, Map<String, ?> model) {
        Context context = new Context(Locale.ENGLISH);
        model.forEach(context::setVariable);
        context.setVariable("format", FORMAT);
        return engine.process(template, context);
    }
}
