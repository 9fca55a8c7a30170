package com.example.bliss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.SyntheticRequest;
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
    private final HeaderAnomalyDetector detector = new HeaderAnomalyDetector(count, missing, tooMany, 3, RequestHeaders.byText());

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

    /** A request with these headers, name then value: the plugin API's {@link SyntheticRequest}. */
    private static RequestView view(List<String> pairs) {
        SyntheticRequest request = new SyntheticRequest().host("example.com").clientAddress(IpAddress.of("192.0.2.1"));
        for (int i = 0; i < pairs.size(); i += 2) {
            request.header(pairs.get(i), pairs.get(i + 1));
        }
        return request;
    }
}
