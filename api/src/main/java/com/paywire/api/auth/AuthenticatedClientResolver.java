package com.paywire.api.auth;

import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Lets a controller declare an {@link AuthenticatedClient} parameter. */
@Configuration(proxyBeanMethods = false)
class AuthenticatedClientResolver implements HandlerMethodArgumentResolver, WebMvcConfigurer {

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(this);
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == AuthenticatedClient.class;
    }

    @Override
    public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer mavContainer,
                                  NativeWebRequest webRequest, WebDataBinderFactory binderFactory) {
        Object client = webRequest.getAttribute(AuthenticatedClient.REQUEST_ATTRIBUTE, RequestAttributes.SCOPE_REQUEST);
        if (client == null) {
            // a mapping outside the filter's paths asked for a client: a programming error, not a caller's
            throw new IllegalStateException("no authenticated client on " + parameter.getExecutable());
        }
        return client;
    }
}
