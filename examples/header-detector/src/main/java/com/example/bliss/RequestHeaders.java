package com.example.bliss;

import dev.bliss.plugin.HeaderName;

/** The header names the detector reads, resolved once by the host at startup. */
record RequestHeaders(HeaderName userAgent, HeaderName acceptLanguage) {

    /** For tests and tools, whose views look names up by text. */
    static RequestHeaders byText() {
        return new RequestHeaders(HeaderName.of("user-agent"), HeaderName.of("accept-language"));
    }
}
