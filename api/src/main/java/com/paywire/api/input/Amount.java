package com.paywire.api.input;

import com.paywire.vocabulary.rules.amounts.AmountLimit;
import com.paywire.vocabulary.rules.amounts.Amounts;
import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** An amount of money, by {@link Amounts}' rule: on a {@code String} or a {@code BigDecimal}; null passes (use @NotNull). */
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = {AmountValidator.OfText.class, AmountValidator.OfDecimal.class})
public @interface Amount {

    String message() default Amounts.RULE;

    /**
     * The limits the domain applies to this field ({@link AmountLimit}), shown in the OpenAPI document as its
     * minimum, maximum and description. The domain checks them, for every way in; this only documents them.
     */
    AmountLimit[] limits() default {};

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
