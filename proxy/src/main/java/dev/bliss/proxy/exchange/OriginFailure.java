package dev.bliss.proxy.exchange;

/** How an exchange's origin side failed; decides the answer, the metric and passive health. */
enum OriginFailure {
    /** No connection: refused, unreachable, or the pool's connect failed. → 502 */
    UNREACHABLE("connect", 502, "origin_unreachable", true),
    /** The connect did not finish within timeouts.connect. → 502 */
    CONNECT_TIMEOUT("connect", 502, "origin_unreachable", true),
    /** The origin was silent for timeouts.response. → 504 */
    TIMEOUT("timeout", 504, "origin_timeout", false),
    /** The connection closed (or sent garbage) before a response head. → 502 */
    CLOSED("reset", 502, "origin_unreachable", true),
    /** The connection broke after the response head went out: the client's response is reset. */
    RESET_MID_RESPONSE("reset", 0, null, true);

    final String metric;
    final int status;
    final String reason;
    final boolean countsAgainstHealth;

    OriginFailure(String metric, int status, String reason, boolean countsAgainstHealth) {
        this.metric = metric;
        this.status = status;
        this.reason = reason;
        this.countsAgainstHealth = countsAgainstHealth;
    }
}
