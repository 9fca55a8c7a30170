package dev.bliss.training.simulate.actor;

/** What a browser fetches, which decides its Accept and Sec-Fetch-* headers. */
public enum RequestKind {
    DOCUMENT, FORM_POST, STYLE, SCRIPT, IMAGE;

    /** The kind of an asset by its extension. */
    public static RequestKind ofAsset(String path) {
        if (path.endsWith(".css")) {
            return STYLE;
        }
        if (path.endsWith(".js")) {
            return SCRIPT;
        }
        return IMAGE;
    }
}
