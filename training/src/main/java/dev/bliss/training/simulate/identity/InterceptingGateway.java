package dev.bliss.training.simulate.identity;

import java.util.SplittableRandom;

/**
 * A TLS-intercepting gateway between an organisation's people and the web: a cloud secure web
 * gateway or an on-premises appliance that ends each browser's TLS with the organisation's own
 * certificate authority (which its browsers trust) and opens its own connection to the site.
 *
 * <p>What the site sees of a person behind one: the browser's own user agent and headers, client
 * hints and fetch metadata included (the page is still a secure context for the browser), over
 * the gateway's TLS stack, not the browser's: a JA4 of a tool under a browser's claim, which a
 * model must not read as certain automation. And the gateway's few egress addresses, shared by
 * everyone it serves.
 *
 * @param egress    the /24 its egress addresses are in: a hosting network for a cloud gateway, an
 *                  ISP's business range for an appliance in the office
 * @param firstHost its first egress address's host number in the block
 * @param addresses how many egress addresses, from {@code firstHost} on, it spreads its
 *                  connections over (1–4)
 * @param tls       its client stack: OpenSSL's defaults as curl offers them (appliances and
 *                  proxies built on OpenSSL), or Go's crypto/tls (gateways written in Go)
 * @param http2     whether it speaks HTTP/2 to sites (Go's does, as net/http negotiates it;
 *                  OpenSSL-based proxies mostly forward HTTP/1.1)
 */
public record InterceptingGateway(Ipv4Block egress, int firstHost, int addresses, TlsClient tls, boolean http2) {

    public InterceptingGateway {
        if (addresses < 1 || firstHost < 1 || firstHost + addresses > 255) {
            throw new IllegalArgumentException("egress hosts " + firstHost + "+" + addresses + " do not fit a /24");
        }
    }

    /** A gateway of either kind: a cloud one three times in five, else an appliance on a business line. */
    public static InterceptingGateway draw(SplittableRandom random) {
        boolean cloud = random.nextDouble() < 0.6;
        Ipv4Block block = cloud ? Addresses.hostingBlock(random) : Addresses.residentialBlock(random);
        boolean go = random.nextDouble() < 0.4;
        int addresses = 1 + random.nextInt(4);
        return new InterceptingGateway(block, 1 + random.nextInt(200), addresses, go ? TlsClient.GO : TlsClient.CURL,
                go || random.nextDouble() < 0.2);
    }

    /** The egress address a new connection leaves from. */
    public String address(SplittableRandom random) {
        return Ipv4Block.text(egress.base() + firstHost + random.nextInt(addresses));
    }
}
