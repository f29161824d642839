package com.paywire.api.input;

import com.paywire.vocabulary.rules.amounts.Amounts;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.math.BigDecimal;

/** {@link Amount} for the two types amounts arrive as. */
public final class AmountValidator {

    private AmountValidator() {
    }

    public static final class OfText implements ConstraintValidator<Amount, String> {
        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || Amounts.parse(value).isPresent();
        }
    }

    public static final class OfDecimal implements ConstraintValidator<Amount, BigDecimal> {
        @Override
        public boolean isValid(BigDecimal value, ConstraintValidatorContext context) {
            return value == null || Amounts.isValid(value);
        }
    }
}
