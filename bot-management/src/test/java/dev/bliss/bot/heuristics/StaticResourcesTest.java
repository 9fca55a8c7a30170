package dev.bliss.bot.heuristics;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Static resources are recognised by the last segment's extension, whatever follows the path. */
class StaticResourcesTest {

    private final StaticResources statics = ShippedFiles.heuristics().staticResources();

    @Test
    void shouldRecogniseListedExtensionsInAnyCase() {
        assertTrue(statics.isStatic("/assets/app.css"));
        assertTrue(statics.isStatic("/assets/APP.JS"));
        assertTrue(statics.isStatic("/fonts/inter.woff2"));
        assertTrue(statics.isStatic("/favicon.ico"));
        assertTrue(statics.isStatic("/img/logo.min.svg"));
    }

    @Test
    void shouldIgnoreQueryFragmentAndPathParameters() {
        assertTrue(statics.isStatic("/app.js?v=1.2.3"));
        assertTrue(statics.isStatic("/app.js#x"));
        assertTrue(statics.isStatic("/app.js;jsessionid=ABC.DEF"));
        assertFalse(statics.isStatic("/search?q=logo.png"));
    }

    @Test
    void shouldNotRecogniseOtherPaths() {
        assertFalse(statics.isStatic("/"));
        assertFalse(statics.isStatic(""));
        assertFalse(statics.isStatic("/login"));
        assertFalse(statics.isStatic("/index.html"));
        assertFalse(statics.isStatic("/api/v1.2/users"), "a dot in a directory is not an extension");
        assertFalse(statics.isStatic("/file."));
        assertFalse(statics.isStatic("/archive.css-backup"));
        assertFalse(statics.isStatic("/x.verylongextension"));
        assertFalse(statics.isStatic("/x.c\u017F\u017F"), "no Unicode case folding (U+017F folds to s)");
    }

    @Test
    void shouldBuildFromAList() {
        StaticResources only = StaticResources.of("png");
        assertTrue(only.isStatic("/a.PNG"));
        assertFalse(only.isStatic("/a.css"));
        assertThrows(IllegalArgumentException.class, () -> StaticResources.of("tar.gz"));
    }
}
