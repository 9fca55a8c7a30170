package dev.bliss.firewall;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.FieldSchemeBuilder;
import dev.bliss.plugin.SyntheticRequest;
import org.junit.jupiter.api.Test;

/**
 * {@code http.request.uri.path} is the normalised path and {@code raw.http.request.uri.path} the
 * one the client sent (Cloudflare's names): a rule can match either.
 */
class RawPathFieldTest {

    private final FieldScheme scheme = new FieldSchemeBuilder().build();

    @Test
    void shouldReadTheNormalisedAndTheRawPathApart() throws Exception {
        SyntheticRequest request = new SyntheticRequest().path("/admin").rawPath("//%61dmin");
        assertTrue(Filter.compile("http.request.uri.path eq \"/admin\"", scheme).newMatcher().matches(request, scheme.newTable()));
        assertTrue(Filter.compile("raw.http.request.uri.path eq \"//%61dmin\"", scheme).newMatcher().matches(request, scheme.newTable()));
        assertFalse(Filter.compile("raw.http.request.uri.path eq \"/admin\"", scheme).newMatcher().matches(request, scheme.newTable()));
    }

    @Test
    void shouldTakeThePathForTheRawOneWhenAViewHasNoOther() throws Exception {
        SyntheticRequest request = new SyntheticRequest().path("/x");
        assertTrue(Filter.compile("raw.http.request.uri.path eq \"/x\"", scheme).newMatcher().matches(request, scheme.newTable()));
    }
}
