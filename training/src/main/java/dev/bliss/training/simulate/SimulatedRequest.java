package dev.bliss.training.simulate;

import dev.bliss.training.simulate.identity.TlsClient;
import java.util.List;

/**
 * One request an actor sends: what it is (method, path, the client's own headers in order, body)
 * and what the load balancer in front of the proxy reports about its connection (client address,
 * TLS fingerprint when the client spoke TLS, protocol). Everything here is a deterministic
 * function of the seed and the responses the actor saw before.
 *
 * @param id      the request id, {@code s<seed>-<9 digits>}, unique in a run
 * @param actor   the actor's index in the run's cast
 * @param fingerprint the client's TLS stack; reported to the proxy only over {@link Transport#TLS}
 * @param headers the client's headers, without Host, Content-Length and the balancer's headers
 * @param body    the body, or null
 */
public record SimulatedRequest(String id, Population population, int actor, String clientIp,
                               TlsClient.Fingerprint fingerprint, Transport transport, Protocol protocol,
                               String method, String path, List<Header> headers, String body) {

    /** The HTTP version between the client and the balancer, kept on the way to the proxy. */
    public enum Protocol { HTTP_1_1, HTTP_2 }

    /**
     * How the client reached the site: over TLS (the balancer reports its JA3 and JA4) or in
     * cleartext, to a site served over plain HTTP, where there is no handshake to fingerprint and
     * the proxy sees what it sees on a cleartext listener: no JA3, no JA4.
     */
    public enum Transport { TLS, CLEARTEXT }
}
