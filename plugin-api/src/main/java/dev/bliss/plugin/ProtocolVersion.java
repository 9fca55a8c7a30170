package dev.bliss.plugin;

/** The HTTP version a client spoke. */
public enum ProtocolVersion {
    HTTP_1_0("HTTP/1.0"),
    HTTP_1_1("HTTP/1.1"),
    HTTP_2("HTTP/2");

    private final String text;

    ProtocolVersion(String text) {
        this.text = text;
    }

    /** As the rules field {@code http.request.version} shows it, e.g. {@code HTTP/1.1}. */
    public String text() {
        return text;
    }
}
