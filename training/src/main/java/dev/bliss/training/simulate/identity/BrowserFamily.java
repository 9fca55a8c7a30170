package dev.bliss.training.simulate.identity;

/**
 * A browser's header style and TLS stack: what a request from it looks like apart from the user
 * agent. Chrome and Edge share Chromium's network stack; Chrome for iOS must use WebKit's.
 */
public enum BrowserFamily {
    CHROME(TlsClient.CHROME),
    EDGE(TlsClient.CHROME),
    FIREFOX(TlsClient.FIREFOX),
    SAFARI(TlsClient.SAFARI),
    CRIOS(TlsClient.SAFARI);

    private final TlsClient tls;

    BrowserFamily(TlsClient tls) {
        this.tls = tls;
    }

    public TlsClient tls() {
        return tls;
    }

    /** Whether the browser sends Chromium's client hints ({@code sec-ch-ua*}). */
    public boolean sendsClientHints() {
        return this == CHROME || this == EDGE;
    }
}
