package dev.bliss.proxy.challenge;

import dev.bliss.plugin.ChallengeOutcome;
import java.util.List;

/**
 * An answer the challenge gives in the proxy's name: status, headers in order, body. The transport
 * adds Content-Length (and drops the body for HEAD). Immutable.
 *
 * @param reason  why the proxy answered, for the access log's {@code local_reason} and the local
 *                response metrics: {@code challenged} (the page or short 403 was issued),
 *                {@code challenge_solved}, {@code challenge_failed}, {@code challenge_replayed},
 *                {@code challenge_not_found} (another path under the reserved prefix)
 * @param outcome what the challenge did, for the log phase ({@code Completion.challenge()}):
 *                issued, solved, failed, replayed; none for {@code challenge_not_found}
 * @param headers name, value, name, value, …
 */
public record ChallengeResponse(String reason, ChallengeOutcome outcome, int status, List<String> headers, byte[] body) {

    public ChallengeResponse {
        if (headers.size() % 2 != 0) {
            throw new IllegalArgumentException("headers are name/value pairs");
        }
        headers = List.copyOf(headers);
    }

    public int headerCount() {
        return headers.size() / 2;
    }

    public String headerName(int i) {
        return headers.get(2 * i);
    }

    public String headerValue(int i) {
        return headers.get(2 * i + 1);
    }

    /** The first value of header {@code name} (case-insensitive), or null. */
    public String header(String name) {
        for (int i = 0; i < headerCount(); i++) {
            if (headerName(i).equalsIgnoreCase(name)) {
                return headerValue(i);
            }
        }
        return null;
    }
}
