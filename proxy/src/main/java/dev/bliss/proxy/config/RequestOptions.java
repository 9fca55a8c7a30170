package dev.bliss.proxy.config;

/**
 * How requests are read and passed on ({@code requests:} in bliss.yaml).
 *
 * @param originPath           which path the origin gets: the normalised one (default) or the one
 *                             the client sent
 * @param allowTrace           whether TRACE is forwarded; by default it is answered 405, as nginx does
 * @param underscoresInHeaders whether header names with an underscore are kept; by default they are
 *                             dropped, as nginx does ({@code underscores_in_headers off}), since CGI and
 *                             WSGI origins map {@code x_bot_score} and {@code x-bot-score} to one name
 */
public record RequestOptions(OriginPath originPath, boolean allowTrace, boolean underscoresInHeaders) {

    public static final RequestOptions DEFAULTS = new RequestOptions(OriginPath.NORMALIZED, false, false);

    /** The path an origin receives. */
    public enum OriginPath {
        /** The path the rules saw: percent-decoded unreserved characters, dot segments removed, slashes merged. */
        NORMALIZED,
        /** The path exactly as the client sent it (rules still see the normalised one). */
        RAW
    }
}
