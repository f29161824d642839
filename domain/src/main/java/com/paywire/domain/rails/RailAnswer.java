package com.paywire.domain.rails;

/** What a rail answered one call: its HTTP status and body ({@link RailHttp}). */
public record RailAnswer(int statusCode, String body) {
}
