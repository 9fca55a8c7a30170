package dev.bliss.bot.features;

import dev.bliss.bot.BotHeaders;
import dev.bliss.bot.consistency.ClientConsistency;
import dev.bliss.bot.session.IssuedSessions;
import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.RequestView;
import dev.bliss.store.schema.RequestFeature;
import java.util.List;

/**
 * Writes the single-request features into the head of the model input vector, in the schema's
 * order. Stateless apart from the order; allocation-free.
 */
public final class RequestFeatureExtractor {

    private final RequestFeature[] order;
    private final BotHeaders headers;

    public RequestFeatureExtractor(List<RequestFeature> order, BotHeaders headers) {
        this.order = order.toArray(RequestFeature[]::new);
        this.headers = headers;
    }

    /**
     * @param userAgent    the user agent or null
     * @param browserLike  whether heuristics consider the user agent a mainstream browser's
     * @param consistency  this request's consistency checks, evaluated
     * @param clearanceAge seconds since the request's challenge clearance was issued, -1 without one
     * @param session      the issuance of the request's session cookie ({@code IssuedSessions.find}), or 0
     * @param millis       the request's time
     */
    public void extract(RequestView r, CharSequence userAgent, boolean browserLike, ClientConsistency consistency,
                        long clearanceAge, long session, long millis, float[] input) {
        for (int i = 0; i < order.length; i++) {
            input[i] = switch (order[i]) {
                case HEADER_COUNT -> r.headerCount();
                case HAS_ACCEPT -> flag(r.header(headers.accept()) != null);
                case HAS_ACCEPT_LANGUAGE -> flag(r.header(headers.acceptLanguage()) != null);
                case HAS_ACCEPT_ENCODING -> flag(r.header(headers.acceptEncoding()) != null);
                case HAS_COOKIE -> flag(r.header(headers.cookie()) != null);
                case HAS_REFERER -> flag(r.header(headers.referer()) != null);
                case HTTP_VERSION -> r.version() == ProtocolVersion.HTTP_2 ? 2f : r.version() == ProtocolVersion.HTTP_1_1 ? 1.1f : 1f;
                case METHOD_SAFE -> flag(isGetOrHead(r.method()));
                case PATH_DEPTH -> pathDepth(r.path());
                case QUERY_LENGTH -> r.query().length();
                case USER_AGENT_LENGTH -> userAgent == null ? 0 : userAgent.length();
                case TLS -> flag(r.isTls());
                case BROWSER_LIKE_USER_AGENT -> flag(browserLike);
                case TLS_AGREES -> consistency.tls();
                case CLIENT_HINTS_AGREE -> consistency.clientHints();
                case FETCH_METADATA_AGREES -> consistency.fetchMetadata();
                case HEADER_ORDER_AGREES -> consistency.headerOrder();
                case CLEARANCE_AGE -> clearanceAge;
                case SESSION_MOVED -> IssuedSessions.moved(session, r.clientAddress());
                case SESSION_AGE -> IssuedSessions.ageSeconds(session, millis);
            };
        }
    }

    private static float flag(boolean b) {
        return b ? 1f : 0f;
    }

    private static boolean isGetOrHead(CharSequence m) {
        return m.length() == 3 && m.charAt(0) == 'G' && m.charAt(1) == 'E' && m.charAt(2) == 'T'
                || m.length() == 4 && m.charAt(0) == 'H' && m.charAt(1) == 'E' && m.charAt(2) == 'A' && m.charAt(3) == 'D';
    }

    private static int pathDepth(CharSequence path) {
        int depth = 0;
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) == '/' && i + 1 < path.length()) {
                depth++;
            }
        }
        return depth;
    }
}
