package com.paywire.api.auth;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The scope a bearer token must carry to call the annotated operation (or every operation of the annotated
 * controller; a method's own annotation wins). Checked by {@link ScopeInterceptor}, documented in the OpenAPI
 * document. A protected operation without one is refused, so a forgotten annotation fails closed. An operation
 * that names several accepts any one of them, and checks itself which one its input needs
 * ({@link InsufficientScopeException}).
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
public @interface RequiresScope {

    Scope[] value();
}
