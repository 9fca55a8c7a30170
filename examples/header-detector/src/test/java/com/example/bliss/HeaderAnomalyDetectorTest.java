package com.example.bliss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.field.BoolField;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.FieldSchemeBuilder;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.IntField;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tests a detector the way the proxy drives it: fields declared, a table, a request view. */
class HeaderAnomalyDetectorTest {

    private final FieldSchemeBuilder builder = new FieldSchemeBuilder();
    private final IntField count = builder.registryFor("test").produceInt("headers.count");
    private final BoolField missing = builder.registryFor("test").produceBool("headers.browser_like_missing");
    private final BoolField tooMany = builder.registryFor("test").produceBool("headers.too_many");
    private final FieldScheme scheme = builder.build();
    private final HeaderAnomalyDetector detector = new HeaderAnomalyDetector(count, missing, tooMany, 3);

    @Test
    void shouldFlagABrowserUserAgentWithoutAcceptLanguage() {
        Fields fields = scheme.newTable();
        detector.inspect(view(List.of("user-agent", "Mozilla/5.0 (X11; Linux x86_64)", "accept", "*/*")), fields);
        assertTrue(fields.get(missing));
        assertEquals(2, fields.get(count));
        assertFalse(fields.get(tooMany));
    }

    @Test
    void shouldNotFlagABrowserThatSendsAcceptLanguage() {
        Fields fields = scheme.newTable();
        detector.inspect(view(List.of("user-agent", "Mozilla/5.0", "accept-language", "en", "a", "1", "b", "2")), fields);
        assertFalse(fields.get(missing));
        assertTrue(fields.get(tooMany));
    }

    /** A request view over name/value pairs. */
    private static RequestView view(List<String> pairs) {
        return new RequestView() {
            private final IpAddress client = IpAddress.of("192.0.2.1");

            public CharSequence method() { return "GET"; }
            public CharSequence uri() { return "/"; }
            public CharSequence path() { return "/"; }
            public CharSequence query() { return ""; }
            public CharSequence host() { return "example.com"; }
            public ProtocolVersion version() { return ProtocolVersion.HTTP_1_1; }
            public boolean isTls() { return false; }
            public int localPort() { return 8080; }
            public IpAddress clientAddress() { return client; }
            public int headerCount() { return pairs.size() / 2; }
            public CharSequence headerName(int i) { return pairs.get(2 * i); }
            public CharSequence headerValue(int i) { return pairs.get(2 * i + 1); }
            public long receivedNanos() { return 0; }

            public CharSequence header(CharSequence name) {
                for (int i = 0; i < pairs.size(); i += 2) {
                    if (pairs.get(i).contentEquals(name)) {
                        return pairs.get(i + 1);
                    }
                }
                return null;
            }
        };
    }
}
