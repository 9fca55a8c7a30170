package dev.bliss.plugin;

/**
 * The headers of the request the proxy is about to send to the origin; what detectors may add.
 * Valid only during {@link Detector#forward}. Names are case-insensitive.
 */
public interface OriginHeaders {

    /** Sets a header, replacing every value the client sent under that name. */
    void set(CharSequence name, CharSequence value);

    /** Removes every value of a header. */
    void remove(CharSequence name);
}
