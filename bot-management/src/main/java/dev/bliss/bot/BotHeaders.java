package dev.bliss.bot;

import dev.bliss.plugin.HeaderName;
import java.util.function.Function;

/**
 * The request headers bot management reads on every request, resolved once at startup by the host
 * ({@link dev.bliss.plugin.DetectorContext#headerName}), so no lookup hashes a name per request.
 *
 * @param names makes a host-resolved name (the detector context's), or {@link HeaderName#of} in tests
 */
public record BotHeaders(HeaderName userAgent, HeaderName cookie, HeaderName accept, HeaderName acceptLanguage,
                         HeaderName acceptEncoding, HeaderName referer, Function<String, HeaderName> names) {

    public BotHeaders(Function<String, HeaderName> names) {
        this(names.apply("user-agent"), names.apply("cookie"), names.apply("accept"), names.apply("accept-language"),
                names.apply("accept-encoding"), names.apply("referer"), names);
    }

    /** Names looked up by text, for tests and tools without a host. */
    public static BotHeaders byText() {
        return new BotHeaders(HeaderName::of);
    }
}
