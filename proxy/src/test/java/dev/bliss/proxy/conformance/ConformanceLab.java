package dev.bliss.proxy.conformance;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.RawHttp2;
import dev.bliss.proxy.testing.RecordingOrigin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The conformance tests' fixture, as a JUnit 5 extension: a {@link ProxyUnderTest} (a real proxy
 * in front of a {@link RecordingOrigin}) in a configuration directory of its own, closed when its
 * tests are done, with what the origin recorded forgotten before each test.
 *
 * <pre>
 * &#64;RegisterExtension
 * static final ConformanceLab bliss = new ConformanceLab().yaml("trusted_proxies: [127.0.0.0/8]\n");
 * </pre>
 *
 * Its lifetime is its field's, as with {@code @TempDir}: on a static field one proxy serves every
 * test of the class (closed after the last); on an instance field each test gets its own (closed
 * after it), unless the class runs all its tests on one instance ({@code Lifecycle.PER_CLASS}).
 * It starts on first use, so a class may hold labs of several configurations and start only the
 * one a test uses.
 *
 * <p>The test thread only.
 */
public final class ConformanceLab implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback, AfterAllCallback {

    private String extraYaml = "";
    private UnaryOperator<String> edit = UnaryOperator.identity();
    private String extraRules = "";
    /** Whether this lab lives as long as its test class (see {@link #beforeAll}). */
    private boolean classWide;
    private Path dir;
    private ProxyUnderTest underTest;

    /** bliss.yaml lines after the single-origin configuration (see {@link ProxyUnderTest}). */
    public ConformanceLab yaml(String extraYaml) {
        this.extraYaml = extraYaml;
        return this;
    }

    /** Changes the bliss.yaml text before the proxy reads it (e.g. a route in front). */
    public ConformanceLab edit(UnaryOperator<String> edit) {
        this.edit = edit;
        return this;
    }

    /** Rules after {@link ProxyUnderTest#RULES}, in the same YAML list. */
    public ConformanceLab rules(String extraRules) {
        this.extraRules = extraRules;
        return this;
    }

    /** The proxy and its origin, started now if this is their first use. */
    public ProxyUnderTest underTest() throws Exception {
        if (underTest == null) {
            dir = Files.createTempDirectory("bliss-conformance-");
            try {
                underTest = new ProxyUnderTest(dir, extraYaml, edit, extraRules);
            } catch (Exception e) {
                deleteDir();
                throw e;
            }
        }
        return underTest;
    }

    public RecordingOrigin origin() throws Exception {
        return underTest().origin;
    }

    public ProxyServer proxy() throws Exception {
        return underTest().proxy;
    }

    public RawHttp client() throws Exception {
        return underTest().client();
    }

    public RawHttp2 http2() throws Exception {
        return underTest().http2();
    }

    /** @see ProxyUnderTest#send */
    public RawHttp.Response send(String request) throws Exception {
        return underTest().send(request);
    }

    /** @see ProxyUnderTest#assertRefused */
    public void assertRefused(String request, int status) throws Exception {
        underTest().assertRefused(request, status);
    }

    /** @see ProxyUnderTest#assertNothingReachedOrigin */
    public void assertNothingReachedOrigin() throws Exception {
        underTest().assertNothingReachedOrigin();
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        // JUnit calls this only for a lab that lives as long as the class: on a static field, or on
        // an instance field of a class whose one instance serves every test (Lifecycle.PER_CLASS)
        classWide = true;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (underTest != null) {
            underTest.origin.clear();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        if (!classWide) {
            close();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        close();
    }

    private void close() throws Exception {
        ProxyUnderTest closing = underTest;
        underTest = null;
        if (closing != null) {
            closing.close();
        }
        deleteDir();
    }

    private void deleteDir() throws IOException {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(ConformanceLab::delete);
        } finally {
            dir = null;
        }
    }

    private static void delete(Path p) {
        try {
            Files.delete(p);
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete " + p, e);
        }
    }
}
